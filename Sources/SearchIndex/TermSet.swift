#if canImport(Glibc)
import Glibc
#endif
/// Byte strings numbered in the order they were first inserted, each kept
/// once: the terms of a post, or of a whole index. Hashes the bytes itself
/// instead of making a `String` of each, which is what made
/// collecting terms cost more than rendering the pages.
public struct TermSet: Sendable {
    /// Term `i` is `bytes[starts[i]..<starts[i + 1]]`.
    public private(set) var bytes: [UInt8] = []
    public private(set) var starts: [Int32] = [0]
    private var hashes: [UInt64] = []
    /// Open addressing: -1 for an empty slot, else a term's number.
    private var slots: [Int32]

    public init(capacity: Int = 64) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: -1, count: size)
        hashes.reserveCapacity(capacity)
        starts.reserveCapacity(capacity + 1)
    }

    public var count: Int { hashes.count }

    /// Eight bytes at a time, one multiply each: terms are mostly short
    /// words, and a multiply a byte (FNV) was most of what inserting cost.
    @inline(__always)
    public static func hash(_ term: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = term.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(term.count)
        var offset = 0
        while offset + 8 <= term.count {
            state = (state ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            state ^= state >> 32
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < term.count {
            tail |= UInt64(base[offset]) << shift
            shift += 8
            offset += 1
        }
        state = (state ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return state ^ (state >> 29)
    }

    /// Term `number` as text.
    public func string(_ number: Int) -> String {
        String(decoding: bytes[Int(starts[number])..<Int(starts[number + 1])], as: UTF8.self)
    }

    /// The number of `term`, and whether it was new.
    @discardableResult
    public mutating func insert(_ term: UnsafeBufferPointer<UInt8>) -> (number: Int, isNew: Bool) {
        insert(term, hash: Self.hash(term))
    }

    public mutating func insert(_ term: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (number: Int, isNew: Bool) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let number = Int(slots[slot])
            if number < 0 { break }
            if hashes[number] == hash, equals(number, term) { return (number, false) }
            slot = (slot + 1) & mask
        }
        let number = hashes.count
        slots[slot] = Int32(number)
        hashes.append(hash)
        bytes.append(contentsOf: term)
        starts.append(Int32(bytes.count))
        if hashes.count * 2 > slots.count { grow() }
        return (number, true)
    }

    private func equals(_ number: Int, _ term: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(starts[number])
        let end = Int(starts[number + 1])
        guard end - start == term.count else { return false }
        guard let other = term.baseAddress else { return true }
        return bytes.withUnsafeBufferPointer { all in
            guard let mine = all.baseAddress else { return false }
            return memcmp(mine + start, other, term.count) == 0
        }
    }

    private mutating func grow() {
        slots = Array(repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number)
        }
    }

    /// Calls `body` with the bytes of term `number`.
    public func withTerm<Result>(_ number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[Int(starts[number])..<Int(starts[number + 1])]))
        }
    }
}
