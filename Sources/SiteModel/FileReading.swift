import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads files and folders with plain POSIX calls: no `Data` copy for a file,
/// no `stat` per entry for a listing (the kernel's `d_type` says what it is).
public enum FileReading {
    /// The whole file; `followLinks: false` refuses a symbolic link.
    public static func bytes(atPath path: String, followLinks: Bool = true) throws -> [UInt8] {
        try stampedBytes(atPath: path, followLinks: followLinks).bytes
    }

    /// The whole file, with its stamp when the file did not change while it
    /// was read (nil when it did, so the bytes are not known to match any stamp).
    static func stampedBytes(atPath path: String, followLinks: Bool = true) throws -> (bytes: [UInt8], stamp: FileStamp?) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (followLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path]) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        let before = FileStamp(info)
        let size = Int(info.st_size)
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initializedCount in
            while initializedCount < size {
                let count = read(descriptor, buffer.baseAddress.map { $0 + initializedCount }, size - initializedCount)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    complete = false
                    return
                }
                initializedCount += count
            }
        }
        guard complete else { throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path]) }
        let unchanged = fstat(descriptor, &info) == 0 && FileStamp(info) == before
        return (bytes, unchanged ? before : nil)
    }

    /// Entries of a folder, sorted by name so every walk has one order;
    /// nil when the folder does not exist. A symbolic link counts as what it
    /// points to only when `followLinks` is true.
    public static func entries(ofDirectory path: String, followLinks: Bool = true) -> [DirectoryEntry]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var entries: [DirectoryEntry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let fullPath = String(joining: path, "/", name)
            var kind = DirectoryEntry.Kind(directoryType: entry.pointee.d_type)
            if kind == .unknown || (kind == .symbolicLink && followLinks) {
                kind = DirectoryEntry.Kind(ofPath: fullPath, followLinks: followLinks)
            }
            entries.append(DirectoryEntry(name: name, path: fullPath, kind: kind))
        }
        return entries.sorted { $0.name < $1.name }
    }

    public static func isDirectory(_ path: String) -> Bool {
        DirectoryEntry.Kind(ofPath: path, followLinks: true) == .directory
    }
}

public struct DirectoryEntry: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case file
        case directory
        case symbolicLink
        /// A socket, device or pipe; or, before a `stat`, not yet known.
        case other
        case unknown

        init(directoryType: UInt8) {
            switch Int32(directoryType) {
            case Int32(DT_REG): self = .file
            case Int32(DT_DIR): self = .directory
            case Int32(DT_LNK): self = .symbolicLink
            case Int32(DT_UNKNOWN): self = .unknown
            default: self = .other
            }
        }

        init(ofPath path: String, followLinks: Bool) {
            var info = stat()
            guard (followLinks ? stat(path, &info) : lstat(path, &info)) == 0 else {
                self = .other
                return
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: self = .file
            case S_IFDIR: self = .directory
            case S_IFLNK: self = .symbolicLink
            default: self = .other
            }
        }
    }

    public let name: String
    public let path: String
    public let kind: Kind

    public var isDirectory: Bool { kind == .directory }
}
