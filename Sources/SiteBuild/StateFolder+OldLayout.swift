import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Before `.sitegen/`, sitegen kept its state in hidden siblings of the
/// output: `.public.sitegen-spare`, `-cache`, `-listed` and `-lock`. The first
/// build that finds them moves each into the state folder in one rename
/// (same file system: nothing is copied, and the user's files carried in the
/// spare are kept), or removes the ones the state folder already has.
extension StateFolder {
    func adoptOldLayout(outputDirectory: String) throws(OutputError) {
        let output = FileSystem.resolved(outputDirectory)
        func old(_ suffix: String) -> String {
            (output as NSString).deletingLastPathComponent + "/." + (output as NSString).lastPathComponent + ".sitegen-" + suffix
        }
        try retireOldLock(old("lock"), outputDirectory: outputDirectory)
        for (from, to) in [(old("spare"), spare), (old("spare-old"), spare + "-old"), (old("cache"), cache), (old("listed"), listed)]
        where FileSystem.kind(from) != .missing {
            if FileSystem.kind(to) == .missing, rename(from, to) == 0 { continue }
            FileSystem.removeTree(from)
        }
    }

    /// An older sitegen still building holds its lock file: wait for it, as
    /// for any other build. A lock nobody holds is left over; it goes.
    private func retireOldLock(_ path: String, outputDirectory: String) throws(OutputError) {
        let descriptor = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0, errno == EWOULDBLOCK {
            throw OutputError("\(outputDirectory): error: another sitegen build is writing this folder; build again when it has finished")
        }
        unlink(path)
    }
}
