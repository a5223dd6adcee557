#if canImport(Glibc)
import Glibc
#endif

/// What `stat` says of a file, enough to tell that it is the very file a
/// build read before: the same inode, size, modification time and change
/// time. The kernel sets the change time on every write and no tool can set
/// it back, so an edit that keeps size and mtime still shows.
public struct FileStamp: Sendable, Hashable {
    let device: UInt64
    let inode: UInt64
    let size: UInt64
    /// Nanoseconds since 1970.
    let modified: Int64
    let changed: Int64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = UInt64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
    }

    init(device: UInt64, inode: UInt64, size: UInt64, modified: Int64, changed: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// The stamp of a regular file (links followed); nil for anything else.
    static func of(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileStamp(info)
    }

    /// True when the file last changed at least `margin` before `instant`.
    /// A write in the same tick of the kernel's coarse clock as the stamp
    /// could leave the stamp as it was; a file that has been still for a
    /// while cannot be caught in that tick any more.
    func isSettled(before instant: Int64, margin: Int64) -> Bool {
        max(modified, changed) < instant - margin
    }

    /// Now, on the clock the file system stamps files with, in nanoseconds since 1970.
    public static var now: Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
