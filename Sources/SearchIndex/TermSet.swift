#if canImport(Glibc)
import Glibc
#endif
/// Byte strings numbered in the order they were first inserted, each kept
/// once: the terms of a post, or of a whole index. Looking a term up is
/// what taking a post's terms mostly costs (once a word), so a term of up
/// to 8 bytes (most words, every CJK pair) is found by its bytes packed
/// into the integer its slot holds: one memory access, no byte comparison.
/// Up to 16 bytes, the rest is packed in `tails`; a longer term's slot
/// holds its hash, and its bytes are compared.
public struct TermSet: Sendable {
    /// Term `i` is `bytes[starts[i]..<starts[i + 1]]`.
    public private(set) var bytes: [UInt8] = []
    public private(set) var starts: [Int32] = [0]
    /// By term: its bytes 8 to 16 packed, for a term of 9 to 16 bytes.
    private var tails: [UInt64] = []
    /// Open addressing, by the top bits of `Slot.index`; 16 bytes a slot, so that the table stays in cache.
    private var slots: [Slot]
    private var shift: UInt64

    /// A term's place in the table: its first 8 bytes packed, or for a
    /// term longer than 16 bytes its hash; its length; its number plus
    /// one, 0 for an empty slot.
    private struct Slot {
        var first: UInt64 = 0
        var length: Int32 = 0
        var numberPlusOne: Int32 = 0

        /// Where the slot goes in a table of `64 - shift` bits: the top bits
        /// of a product, which every bit of the key reaches (a further
        /// mixing of the product's bits changed only the bottom ones, unused).
        @inline(__always)
        static func index(_ first: UInt64, _ second: UInt64, _ length: Int32, shift: UInt64) -> Int {
            let mixed = (first ^ (second &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(UInt32(bitPattern: length))) &* 0xFF51_AFD7_ED55_8CCD
            return Int(truncatingIfNeeded: mixed &>> shift)
        }
    }

    public init(capacity: Int = 64) {
        var bits: UInt64 = 4
        while 1 << bits < capacity * 2 { bits += 1 }
        slots = Array(repeating: Slot(), count: 1 << Int(bits))
        shift = 64 - bits
        starts.reserveCapacity(capacity + 1)
    }

    /// An empty set that stands in a table while its own is moved out (see `TermTable.addTerms`).
    static let placeholder = TermSet(capacity: 0)

    public var count: Int { starts.count - 1 }

    /// Term `number` as text.
    public func string(_ number: Int) -> String {
        String(decoding: bytes[Int(starts[number])..<Int(starts[number + 1])], as: UTF8.self)
    }

    /// The number of `term`, and whether it was new.
    @discardableResult @inline(__always)
    public mutating func insert(_ term: UnsafeBufferPointer<UInt8>) -> (number: Int, isNew: Bool) {
        guard term.count > 16 else {
            let (first, second) = Self.packed(term)
            return insert(packed: first, second, count: term.count)
        }
        // A longer term is keyed by its hash, and its bytes compared.
        let length = Int32(term.count)
        let first = TinyJSON.Hash.digest(term)
        let mask = slots.count - 1
        var index = Slot.index(first, 0, length, shift: shift)
        while true {
            let slot = slots[index]
            if slot.numberPlusOne == 0 { break }
            if slot.first == first, slot.length == length, equals(Int(slot.numberPlusOne) - 1, term) {
                return (Int(slot.numberPlusOne) - 1, false)
            }
            index = (index + 1) & mask
        }
        let number = count
        slots[index] = Slot(first: first, length: length, numberPlusOne: Int32(number + 1))
        tails.append(0)
        bytes.append(contentsOf: term)
        starts.append(Int32(bytes.count))
        if count * 2 > slots.count { grow() }
        return (number, true)
    }

    /// The number of the term of 1 to 16 bytes that `packed` gives `first`
    /// and `second` for (its bytes, in that order), and whether it was new.
    @discardableResult @inline(__always)
    mutating func insert(packed first: UInt64, _ second: UInt64, count: Int) -> (number: Int, isNew: Bool) {
        let length = Int32(count)
        // Probed through a pointer: the index is masked to the table, and an
        // array's bounds check and length load cost a tenth of a word's look-up.
        let (found, free) = slots.withUnsafeBufferPointer { slots -> (Int, Int) in
            let mask = slots.count &- 1
            var index = Slot.index(first, second, length, shift: shift) & mask
            while true {
                let slot = slots[index]
                if slot.numberPlusOne == 0 { return (-1, index) }
                if slot.first == first, slot.length == length {
                    let number = Int(slot.numberPlusOne) &- 1
                    if count <= 8 || tails[number] == second { return (number, index) }
                }
                index = (index &+ 1) & mask
            }
        }
        if found >= 0 { return (found, false) }
        let index = free
        let number = self.count
        slots[index] = Slot(first: first, length: length, numberPlusOne: Int32(number + 1))
        tails.append(second)
        withUnsafeBytes(of: first.littleEndian) { bytes.append(contentsOf: $0.prefix(min(count, 8))) }
        if count > 8 { withUnsafeBytes(of: second.littleEndian) { bytes.append(contentsOf: $0.prefix(count - 8)) } }
        starts.append(Int32(bytes.count))
        if self.count * 2 > slots.count { grow() }
        return (number, true)
    }

    /// The bytes of a term of at most 16, little-endian, zeros after them:
    /// with the length, they tell terms apart. Loads that overlap, never past the term.
    @inline(__always)
    static func packed(_ term: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        guard let base = term.baseAddress, term.count > 0 else { return (0, 0) }
        let raw = UnsafeRawPointer(base)
        let count = term.count
        if count >= 8 {
            let first = raw.loadUnaligned(as: UInt64.self)
            guard count > 8 else { return (first, 0) }
            // Bytes 8..<count: the last eight loaded, those before byte 8 shifted out.
            let last = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            return (first, last >> UInt64(8 * (16 - count)))
        }
        if count >= 4 {
            let low = UInt64(raw.loadUnaligned(as: UInt32.self))
            let high = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            return (low | high << UInt64(8 * (count - 4)), 0)
        }
        let value = UInt64(base[0]) | UInt64(base[count / 2]) << UInt64(8 * (count / 2))
            | UInt64(base[count - 1]) << UInt64(8 * (count - 1))
        return (value, 0)
    }

    private func equals(_ number: Int, _ term: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(starts[number])
        guard Int(starts[number + 1]) - start == term.count else { return false }
        guard let other = term.baseAddress else { return true }
        return bytes.withUnsafeBufferPointer { all in
            guard let mine = all.baseAddress else { return false }
            return memcmp(mine + start, other, term.count) == 0
        }
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        shift -= 1
        let mask = slots.count - 1
        for slot in old where slot.numberPlusOne != 0 {
            var index = Slot.index(slot.first, tails[Int(slot.numberPlusOne) - 1], slot.length, shift: shift)
            while slots[index].numberPlusOne != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }

    /// Calls `body` with the bytes of term `number`.
    public func withTerm<Result>(_ number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[Int(starts[number])..<Int(starts[number + 1])]))
        }
    }
}
