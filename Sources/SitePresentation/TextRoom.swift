/// Bytes appended a few at a time, many times a body (each text node's
/// literal, a space between blocks), into room made once. An array's
/// `append(contentsOf:)` costs some 70 instructions a call in checks,
/// more than copying a node's few bytes; here an append is a compare and
/// a copy. A class: the walk that fills it is a value, copied as it is
/// handed around, and the room must be freed once.
final class TextRoom {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let end = count &+ bytes.count
        if end > capacity { grow(toHold: end) }
        (base + count).initialize(from: source, count: bytes.count)
        count = end
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = byte
        count &+= 1
    }

    private func grow(toHold needed: Int) {
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: max(needed, capacity * 2))
        larger.initialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = max(needed, capacity * 2)
    }

    /// The bytes appended so far, as an array.
    var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// Calls `body` with the bytes appended so far, in place.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: base, count: count))
    }
}
