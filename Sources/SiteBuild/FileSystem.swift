import CSystem
import Foundation
import SiteModel
#if canImport(Glibc)
import Glibc
#endif

/// The few POSIX calls the output store needs, with errors that name the path.
/// Nothing here follows a symbolic link when it writes.
enum FileSystem {
    struct Failure: Error, CustomStringConvertible {
        let path: String
        let action: String
        let code: Int32

        var description: String { "\(path): error: cannot \(action): \(String(cString: strerror(code)))" }
    }

    enum Kind: Equatable {
        case missing
        case file(size: Int, inode: UInt64)
        case directory
        /// A symbolic link, socket or device: never followed, never written through.
        case other
    }

    static func kind(_ path: String) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file(size: Int(info.st_size), inode: UInt64(info.st_ino))
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// What `lstat` says of a folder that tells whether it changed: the
    /// change time (nanoseconds since 1970), which the kernel sets whenever
    /// an entry is added, removed or renamed, also on the entry renamed in,
    /// and no tool can set back; the link count, two plus one a subfolder on
    /// most file systems; and the inode. Nil for anything but a folder.
    static func folderStamp(_ path: String) -> (changed: Int64, links: Int, inode: UInt64)? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        return (Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec), Int(info.st_nlink), UInt64(info.st_ino))
    }

    /// True when the open file `descriptor` is the file at `path` now, not one that was removed or replaced.
    static func sameFile(_ descriptor: Int32, _ path: String) -> Bool {
        var open = stat()
        var named = stat()
        return fstat(descriptor, &open) == 0 && lstat(path, &named) == 0
            && open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }

    static func makeDirectory(_ path: String) throws(Failure) {
        if mkdir(path, 0o755) != 0, errno != EEXIST { throw Failure(path: path, action: "create the folder", code: errno) }
    }

    /// Makes the folder unless one is there already; false when something
    /// else stands in the way (or it cannot be made), for `ensureDirectory`.
    static func madeOrFoundDirectory(_ path: String) -> Bool {
        mkdir(path, 0o755) == 0 || (errno == EEXIST && kind(path) == .directory)
    }

    /// Makes sure a real folder is at `path`, removing a file or link in the
    /// way. One system call when the folder is new or already there.
    static func ensureDirectory(_ path: String) throws(Failure) {
        if mkdir(path, 0o755) == 0 { return }
        let code = errno
        guard code == EEXIST else { throw Failure(path: path, action: "create the folder", code: code) }
        if kind(path) == .directory { return }
        try remove(path)
        try makeDirectory(path)
    }

    /// Removes whatever is at `path` (a folder with all it holds); nothing
    /// there is fine. One system call when a file or nothing is there.
    static func remove(_ path: String) throws(Failure) {
        if unlink(path) == 0 { return }
        let code = errno
        if code == ENOENT || code == ENOTDIR { return }
        guard code == EISDIR || code == EPERM, kind(path) == .directory else {
            throw Failure(path: path, action: "remove the old file", code: code)
        }
        removeTree(path)
    }

    /// Removes the now empty folders above `path`, up to (not including) `root`.
    static func removeEmptyParents(of path: String, below root: String) {
        var folder = (path as NSString).deletingLastPathComponent
        while folder.count > root.count, folder.hasPrefix(root + "/"), rmdir(folder) == 0 {
            folder = (folder as NSString).deletingLastPathComponent
        }
    }

    /// A folder held open for the calls below that take a path relative to
    /// it: the kernel then walks only the path's own few components, not the
    /// folder's own from `/` again for each of a site's thousands of files.
    static func openFolder(_ path: String) throws(Failure) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(path: path, action: "open the folder", code: errno) }
        return descriptor
    }

    /// `madeOrFoundDirectory` for `relative` inside the open `folder`.
    static func madeOrFoundDirectory(_ relative: String, in folder: Int32) -> Bool {
        if mkdirat(folder, relative, 0o755) == 0 { return true }
        guard errno == EEXIST else { return false }
        var info = stat()
        return fstatat(folder, relative, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// `writeNewFile` for `relative` inside the open `folder`; errors name `path`, the same file.
    static func writeNewFile(_ relative: String, in folder: Int32, path: @autoclosure () -> String, _ bytes: [UInt8]) throws(Failure) {
        let descriptor = openat(folder, relative, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(path: path(), action: "create the file", code: errno) }
        defer { close(descriptor) }
        try bytes.withUnsafeBytes { buffer in Result { () throws(Failure) in try write(buffer, to: descriptor, path: path()) } }.get()
    }

    /// Creates a new file; fails rather than replace or follow anything already there.
    static func writeNewFile(_ path: String, _ bytes: [UInt8]) throws(Failure) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(Failure) in try writeNewFile(path, pieces: [buffer]) } }.get()
    }

    /// The file made of `pieces`, one after the other.
    static func writeNewFile(_ path: String, pieces: [UnsafeRawBufferPointer]) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(path: path, action: "create the file", code: errno) }
        defer { close(descriptor) }
        for piece in pieces { try write(piece, to: descriptor, path: path) }
    }

    /// All of `bytes` into the open file `descriptor`, whatever the kernel takes at a time.
    private static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(Failure) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(path: path, action: "write the file", code: errno)
            }
            offset += written
        }
    }

    /// Links `existing` (a file or a symbolic link itself, never its target) at `new`.
    static func hardLink(_ existing: String, _ new: String) throws(Failure) {
        if link(existing, new) != 0 { throw Failure(path: new, action: "link the unchanged file", code: errno) }
    }

    /// Writes `bytes` beside `path` and renames them over it, so a reader (or
    /// a build killed at any instant) sees the old file or the new one; when
    /// `durable`, also after a power cut, once this returns. A failed
    /// replacement leaves nothing staged behind.
    static func replaceFile(_ path: String, _ bytes: [UInt8], durable: Bool = false) throws(Failure) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(Failure) in try replaceFile(path, pieces: [buffer], durable: durable) } }.get()
    }

    /// The same, the file made of `pieces` one after the other.
    static func replaceFile(_ path: String, pieces: [UnsafeRawBufferPointer], durable: Bool = false) throws(Failure) {
        let staged = path + ".new"
        do {
            try remove(staged)
            try writeNewFile(staged, pieces: pieces)
            if durable { try sync(staged, action: "write the file to the disk") }
            try rename(staged, path)
            if durable { try sync((path as NSString).deletingLastPathComponent, action: "write the folder to the disk") }
        } catch {
            try? remove(staged)
            throw error
        }
    }

    static func rename(_ from: String, _ to: String) throws(Failure) {
        if Glibc.rename(from, to) != 0 { throw Failure(path: to, action: "move the folder into place", code: errno) }
    }

    /// Puts every file and folder written on the file system that holds the
    /// folder `path` on the disk: one `syncfs`, which costs much less than an
    /// `fsync` of each file and folder of a new tree (docs/benchmark.md).
    static func syncFileSystem(of path: String) throws(Failure) {
        if sitegen_sync_file_system(path) != 0 { throw Failure(path: path, action: "write the new site to the disk", code: errno) }
    }

    /// `fsync` of one file, or of a folder, which puts its entries (a rename
    /// into it) on the disk.
    static func sync(_ path: String, action: String = "write the folder to the disk") throws(Failure) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw Failure(path: path, action: action, code: errno) }
        defer { close(descriptor) }
        if fsync(descriptor) != 0 { throw Failure(path: path, action: action, code: errno) }
    }

    /// Swaps two folders in one step; false where the kernel or file system cannot.
    static func exchange(_ first: String, _ second: String) throws(Failure) -> Bool {
        if sitegen_exchange_paths(first, second) == 0 { return true }
        if errno == EINVAL || errno == ENOSYS || errno == ENOTSUP { return false }
        throw Failure(path: second, action: "swap the new site into place", code: errno)
    }

    /// A file sitegen wrote, read without following a link put in its place.
    static func readOwnFile(_ path: String) -> [UInt8]? {
        try? FileReading.bytes(atPath: path, followLinks: false)
    }

    static func removeTree(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The absolute path with symbolic links resolved, also for a path that does not exist yet.
    static func resolved(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let url = URL(fileURLWithPath: absolute).standardizedFileURL
        return url.resolvingSymlinksInPath().path
    }
}
