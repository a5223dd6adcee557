@testable import FileWatching
import Testing

@Suite("Inotify events")
struct InotifyDecodingTests {
    /// Two events as the kernel lays them out: a header, then a name padded with NULs.
    @Test func decodesHeadersAndPaddedNames() {
        func event(watch: Int32, mask: UInt32, name: String, padded: Int) -> [UInt8] {
            var bytes = withUnsafeBytes(of: watch) { Array($0) } + withUnsafeBytes(of: mask) { Array($0) }
            bytes += [0, 0, 0, 0] + withUnsafeBytes(of: UInt32(padded)) { Array($0) }
            return bytes + Array(name.utf8) + [UInt8](repeating: 0, count: padded - name.utf8.count)
        }
        let buffer = event(watch: 3, mask: Inotify.create, name: "帖子.md", padded: 16)
            + event(watch: -1, mask: Inotify.queueOverflow, name: "", padded: 0)
        let events = Inotify.decode(buffer[...])
        #expect(events == [Inotify.Event(watch: 3, mask: Inotify.create, name: "帖子.md"),
                           Inotify.Event(watch: -1, mask: Inotify.queueOverflow, name: "")])
    }

    @Test func aTruncatedEventIsLeftOut() {
        let header: [UInt8] = [1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 32, 0, 0, 0]
        #expect(Inotify.decode((header + [65, 66])[...]).isEmpty)
    }
}
