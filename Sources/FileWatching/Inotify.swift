#if canImport(Glibc)
import Glibc
#endif

/// One inotify instance: the kernel's per-folder change notifications.
/// Reading never blocks; `FileWatcher` polls the descriptor.
final class Inotify {
    /// One event as the kernel reports it; `name` is empty for an event on the watched folder itself.
    struct Event: Equatable {
        let watch: Int32
        let mask: UInt32
        let name: String

        func has(_ flag: UInt32) -> Bool { mask & flag != 0 }
    }

    static let modify: UInt32 = 0x0000_0002
    static let attrib: UInt32 = 0x0000_0004
    static let closeWrite: UInt32 = 0x0000_0008
    static let movedFrom: UInt32 = 0x0000_0040
    static let movedTo: UInt32 = 0x0000_0080
    static let create: UInt32 = 0x0000_0100
    static let delete: UInt32 = 0x0000_0200
    static let deleteSelf: UInt32 = 0x0000_0400
    static let moveSelf: UInt32 = 0x0000_0800
    static let queueOverflow: UInt32 = 0x0000_4000
    static let ignored: UInt32 = 0x0000_8000
    static let onlyDirectory: UInt32 = 0x0100_0000
    static let dontFollow: UInt32 = 0x0200_0000
    static let excludeUnlinked: UInt32 = 0x0400_0000
    static let isDirectory: UInt32 = 0x4000_0000

    /// What a watched folder reports: everything that changes what a build reads.
    static let folderMask = modify | attrib | closeWrite | movedFrom | movedTo | create | delete | deleteSelf | moveSelf
        | onlyDirectory | dontFollow | excludeUnlinked
    /// What the parent of a missing root reports: only names appearing.
    static let arrivalMask = create | movedTo | onlyDirectory | dontFollow

    let descriptor: Int32

    init() throws(WatchError) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw WatchError("cannot watch for changes: inotify_init1 failed (\(String(cString: strerror(errno))))")
        }
    }

    deinit {
        close(descriptor)
    }

    /// The watch descriptor of `path`, or nil when it cannot be watched (gone, not a folder, out of watches).
    func watch(_ path: String, mask: UInt32) -> Int32? {
        let watch = inotify_add_watch(descriptor, path, mask)
        return watch >= 0 ? watch : nil
    }

    func remove(_ watch: Int32) {
        inotify_rm_watch(descriptor, watch)
    }

    /// Every event queued now; empty when there is none.
    func readEvents() -> [Event] {
        var events: [Event] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            events += Self.decode(buffer[..<count])
        }
        return events
    }

    /// Splits what one read returned into events: a 16-byte header in the
    /// machine's byte order (`wd`, `mask`, `cookie`, `len`), then `len` bytes of NUL-padded name.
    static func decode(_ bytes: ArraySlice<UInt8>) -> [Event] {
        var events: [Event] = []
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset + 16 <= raw.count {
                let watch = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let nameStart = offset + 16
                guard nameStart + length <= raw.count else { break }
                let name = raw[nameStart..<(nameStart + length)].prefix { $0 != 0 }
                events.append(Event(watch: watch, mask: mask, name: String(decoding: name, as: UTF8.self)))
                offset = nameStart + length
            }
        }
        return events
    }
}
