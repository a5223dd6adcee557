#if canImport(Glibc)
import Glibc
#endif

/// Keeps a second build off an output folder that one is building: two
/// builds staging into the same spare would mix their files, and each would
/// trust a manifest the other is replacing.
///
/// An advisory `flock` on `lock` in the output's state folder
/// (`.sitegen/public/lock`), taken before the output is read and given up
/// once the new site and its cache are in place. The file is removed while
/// still locked, so a finished build leaves no lock behind; the kernel drops
/// the lock of a killed build, and the next build takes its file over.
struct OutputLock: Sendable {
    let path: String
    private let descriptor: Int32
    private let state: StateFolder

    /// Takes the lock, or fails at once when another build holds it. Nil when
    /// the folder that should hold the output does not exist (the output
    /// store says so in its own words).
    static func acquire(outputDirectory: String) throws(OutputError) -> OutputLock? {
        let state = try StateFolder.of(outputDirectory)
        let path = state.lock
        while true {
            guard try state.make() else { return nil }
            let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                // A build that failed removed its empty state folder meanwhile.
                if errno == ENOENT { continue }
                throw OutputError("\(path): error: cannot create the lock file: \(String(cString: strerror(errno)))")
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let code = errno
                close(descriptor)
                if code == EWOULDBLOCK {
                    throw OutputError("\(outputDirectory): error: another sitegen build is writing this folder; build again when it has finished")
                }
                throw OutputError("\(path): error: cannot lock the output folder: \(String(cString: strerror(code)))")
            }
            // The build before may have removed the file between our open and
            // our lock: only the file still at the path counts.
            if FileSystem.sameFile(descriptor, path) { return OutputLock(path: path, descriptor: descriptor, state: state) }
            close(descriptor)
        }
    }

    /// Removes the file, then gives the lock up, and the state folder with it
    /// when nothing else is in it (a first build that failed). Called once,
    /// by the build that took it.
    func release() {
        unlink(path)
        close(descriptor)
        state.removeIfEmpty()
    }
}
