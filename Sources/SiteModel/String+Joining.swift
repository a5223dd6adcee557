/// Texts one after the other, made at their joined length in one step.
///
/// A build makes URLs and paths by the hundred thousand (a route, an output
/// path, a fragment link), most of them from three or four parts. With `+`
/// or interpolation the result grows a part at a time, about 500
/// instructions an append with its allocations; made here, once, the parts
/// are copied into room of the right size.
extension String {
    public init(joining first: String, _ second: String) {
        self = Self.joined(first.utf8.count + second.utf8.count) { room, end in
            Self.put(first, into: room, at: &end)
            Self.put(second, into: room, at: &end)
        }
    }

    public init(joining first: String, _ second: String, _ third: String) {
        self = Self.joined(first.utf8.count + second.utf8.count + third.utf8.count) { room, end in
            Self.put(first, into: room, at: &end)
            Self.put(second, into: room, at: &end)
            Self.put(third, into: room, at: &end)
        }
    }

    public init(joining first: String, _ second: String, _ third: String, _ fourth: String) {
        self = Self.joined(first.utf8.count + second.utf8.count + third.utf8.count + fourth.utf8.count) { room, end in
            Self.put(first, into: room, at: &end)
            Self.put(second, into: room, at: &end)
            Self.put(third, into: room, at: &end)
            Self.put(fourth, into: room, at: &end)
        }
    }

    public init(joining first: String, _ second: String, _ third: String, _ fourth: String, _ fifth: String) {
        let count = first.utf8.count + second.utf8.count + third.utf8.count + fourth.utf8.count + fifth.utf8.count
        self = Self.joined(count) { room, end in
            Self.put(first, into: room, at: &end)
            Self.put(second, into: room, at: &end)
            Self.put(third, into: room, at: &end)
            Self.put(fourth, into: room, at: &end)
            Self.put(fifth, into: room, at: &end)
        }
    }

    /// A string of `count` bytes that `fill` writes from the start, moving `end` past what it wrote.
    @inline(__always)
    private static func joined(_ count: Int, _ fill: (UnsafeMutablePointer<UInt8>, inout Int) -> Void) -> String {
        String(unsafeUninitializedCapacity: count) { room in
            guard let base = room.baseAddress else { return 0 }
            var end = 0
            fill(base, &end)
            return end
        }
    }

    /// Copies `text`'s UTF-8 to `room + end`, read in place (a native string
    /// always can be; any other, a byte at a time).
    @inline(__always)
    private static func put(_ text: String, into room: UnsafeMutablePointer<UInt8>, at end: inout Int) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            if let source = bytes.baseAddress { (room + end).initialize(from: source, count: bytes.count) }
            end += bytes.count
        }
        guard copied == nil else { return }
        for byte in text.utf8 {
            room[end] = byte
            end += 1
        }
    }
}
