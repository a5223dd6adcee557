import CBlockBits

/// A kind of escaping that replaces a few ASCII bytes by short sequences
/// (`<` by `&lt;` in HTML, by `\u003c` in JSON) and copies the rest as it is.
/// Text is escaped eight bytes at a time: a word without a special byte is
/// stored whole. Most text has no special byte and is copied as it is; the
/// rest is escaped in one pass into room for its longest escaping, then
/// copied to the output in one go: growing the output for each run and each
/// replacement cost more than the escaping, and sizing it first a second pass.
public protocol ByteEscaping {
    /// The bytes of `word` that `replacement(for:)` replaces.
    static func specials(in word: ByteWord) -> ByteMatches
    /// What a special byte becomes: its bytes packed into a word, first byte
    /// lowest, and how many there are (1 to 7). Asked once for each byte
    /// value, when `table` is made.
    static func replacement(for byte: UInt8) -> (bits: UInt64, count: Int)
    /// The longest `count` that `replacement(for:)` gives.
    static var longestReplacement: Int { get }
    /// Every byte as it is written, made once: `ByteEscapeTable(Self.self)`.
    static var table: ByteEscapeTable { get }
}

/// What each of the 256 bytes becomes under one kind of escaping, packed in
/// a word: the bytes it is written as (first byte lowest) and, in the top
/// byte, their count. A byte that is not special is itself, once.
public struct ByteEscapeTable: Sendable {
    @usableFromInline let entries: [UInt64]
    /// The special bytes as a machine that compares sixteen at a time looks
    /// for them: every byte below `below`, and the few `others` (at most
    /// eight; nil when there are more, and the eight-byte path serves).
    @usableFromInline let below: UInt8
    @usableFromInline let others: [UInt8]?

    public init<Escaping: ByteEscaping>(_ escaping: Escaping.Type) {
        let isSpecial = (0...255).map { !Escaping.specials(in: ByteWord(UInt64($0))).prefix(1).isEmpty }
        entries = (0...255).map { value in
            let byte = UInt8(value)
            guard isSpecial[value] else { return UInt64(byte) | 1 << 56 }
            let (bits, count) = Escaping.replacement(for: byte)
            return bits | UInt64(count) << 56
        }
        let below = isSpecial.firstIndex(of: false) ?? 256
        self.below = UInt8(min(below, 255))
        let others = (below..<256).filter { isSpecial[$0] }.map(UInt8.init)
        self.others = below < 256 && others.count <= 8 ? others : nil
    }
}

extension ByteEscaping {
    /// Appends `source` escaped to `output`.
    @inlinable
    public static func append(escaping source: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        let first = source.firstIndex(from: 0, where: specials)
        output.append(contentsOf: UnsafeBufferPointer(rebasing: source[..<first]))
        guard first < source.count else { return }
        let rest = UnsafeBufferPointer(rebasing: source[first...])
        // Sixteen bytes more: every store writes a whole word or sixteen bytes, the last one too.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: rest.count * longestReplacement + 16) { buffer in
            guard let target = buffer.baseAddress else { return }
            output.append(contentsOf: UnsafeBufferPointer(start: target, count: escape(rest, into: target)))
        }
    }

    /// Writes `source` escaped to `target`, which has room for its longest
    /// escaping and sixteen bytes more, and returns the count written.
    @inlinable
    static func escape(_ source: UnsafeBufferPointer<UInt8>, into target: UnsafeMutablePointer<UInt8>) -> Int {
        guard let base = source.baseAddress else { return 0 }
        #if arch(x86_64)
        if let others = table.others {
            return table.entries.withUnsafeBufferPointer { entries in
                others.withUnsafeBufferPointer { others in
                    guard let entries = entries.baseAddress else { return 0 }
                    return sitegen_escape(base, source.count, target, entries, table.below, others.baseAddress, others.count)
                }
            }
        }
        #endif
        return portableEscape(source, into: target)
    }

    /// The same, eight bytes at a time in any machine's instructions.
    @inlinable
    static func portableEscape(_ source: UnsafeBufferPointer<UInt8>, into target: UnsafeMutablePointer<UInt8>) -> Int {
        guard let base = source.baseAddress else { return 0 }
        return table.entries.withUnsafeBufferPointer { entries in
            guard let entries = entries.baseAddress else { return 0 }
            // Counts stay below the buffers' sizes: no arithmetic here can overflow.
            var written = 0
            var index = 0
            while index &+ 8 <= source.count {
                written &+= escape(ByteWord(loadingFrom: base + index), length: 8, into: target + written, entries: entries)
                index &+= 8
            }
            if index < source.count {
                written &+= escape(source.lastWord(from: index), length: source.count &- index, into: target + written,
                                   entries: entries)
            }
            return written
        }
    }

    /// Writes the first `length` bytes of `word` escaped at `target` (and up
    /// to eight bytes after them), and returns the count that counts. A word
    /// without a special byte is stored whole; one with any is written byte
    /// by byte from the table, as many steps whichever bytes are special:
    /// in HTML, where one comes every few bytes, a loop over the special
    /// bytes alone ran a different number of times for each word, and the
    /// processor guessed its end wrong about once a word.
    @inlinable @inline(__always)
    static func escape(_ word: ByteWord, length: Int, into target: UnsafeMutablePointer<UInt8>,
                       entries: UnsafePointer<UInt64>) -> Int {
        if specials(in: word).prefix(length).isEmpty {
            store(word.bits, at: target)
            return length
        }
        var written = 0
        for place in 0..<length {
            // The top byte (the count) is stored past the escape, where the next one goes.
            let entry = entries[Int(word.byte(at: place))]
            store(entry, at: target + written)
            written &+= Int(truncatingIfNeeded: entry &>> 56)
        }
        return written
    }

    @inlinable @inline(__always)
    static func store(_ bits: UInt64, at target: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(target).storeBytes(of: bits.littleEndian, as: UInt64.self)
    }
}
