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
    /// lowest, and how many there are (1 to 8). Called for every special
    /// byte of the text, so keep it a table.
    static func replacement(for byte: UInt8) -> (bits: UInt64, count: Int)
    /// The longest `count` that `replacement(for:)` gives.
    static var longestReplacement: Int { get }
}

extension ByteEscaping {
    /// Appends `source` escaped to `output`.
    @inlinable
    public static func append(escaping source: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        let first = source.firstIndex(from: 0, where: specials)
        output.append(contentsOf: UnsafeBufferPointer(rebasing: source[..<first]))
        guard first < source.count else { return }
        let rest = UnsafeBufferPointer(rebasing: source[first...])
        // Eight bytes more: every store writes a whole word, the last one too.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: rest.count * longestReplacement + 8) { buffer in
            guard let target = buffer.baseAddress else { return }
            output.append(contentsOf: UnsafeBufferPointer(start: target, count: escape(rest, into: target)))
        }
    }

    /// Writes `source` escaped to `target`, which has room for its longest
    /// escaping and eight bytes more, and returns the count written.
    @inlinable
    static func escape(_ source: UnsafeBufferPointer<UInt8>, into target: UnsafeMutablePointer<UInt8>) -> Int {
        guard let base = source.baseAddress else { return 0 }
        // Counts stay below the buffers' sizes: no arithmetic here can overflow.
        var written = 0
        var index = 0
        while index &+ 8 <= source.count {
            written &+= escape(ByteWord(loadingFrom: base + index), length: 8, into: target + written)
            index &+= 8
        }
        if index < source.count { written &+= escape(source.lastWord(from: index), length: source.count &- index, into: target + written) }
        return written
    }

    /// Writes the first `length` bytes of `word` escaped at `target` (and up
    /// to eight bytes after them), and returns the count that counts.
    @inlinable @inline(__always)
    static func escape(_ word: ByteWord, length: Int, into target: UnsafeMutablePointer<UInt8>) -> Int {
        var found = specials(in: word).prefix(length)
        var written = 0
        var done = 0
        while !found.isEmpty {
            let place = found.first
            store(word.bits &>> (8 &* done), at: target + written)
            written &+= place &- done
            let replacement = replacement(for: word.byte(at: place))
            store(replacement.bits, at: target + written)
            written &+= replacement.count
            done = place &+ 1
            found = found.droppingFirst
        }
        // When the last byte was special (`done` is 8) the shift wraps and
        // stores bytes past the count: room there is promised, and unused.
        store(word.bits &>> (8 &* done), at: target + written)
        return written &+ length &- done
    }

    @inlinable @inline(__always)
    static func store(_ bits: UInt64, at target: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(target).storeBytes(of: bits.littleEndian, as: UInt64.self)
    }
}
