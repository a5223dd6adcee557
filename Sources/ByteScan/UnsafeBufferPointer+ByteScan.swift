extension UnsafeBufferPointer<UInt8> {
    /// The index of the first byte at or after `start` in a word where
    /// `matches` flags it, or `count` when there is none: the bytes in
    /// between are passed over eight at a time. The last few bytes are
    /// tested as a word padded with zeros; a match in the padding is none.
    @inlinable @inline(__always)
    public func firstIndex(from start: Int, where matches: (ByteWord) -> ByteMatches) -> Int {
        guard let base = baseAddress else { return count }
        var index = start
        while index &+ 8 <= count {
            let found = matches(ByteWord(loadingFrom: base + index))
            if !found.isEmpty { return index &+ found.first }
            index &+= 8
        }
        guard index < count else { return count }
        let found = matches(lastWord(from: index))
        return Swift.min(index + found.first, count)
    }

    /// The fewer than eight bytes from `index` to the end, padded with zeros
    /// after them. A text of eight bytes or more reads its last eight and
    /// drops those before `index`: one load instead of one a byte.
    @inlinable @inline(__always)
    public func lastWord(from index: Int) -> ByteWord {
        guard let base = baseAddress else { return ByteWord(0) }
        let rest = count - index
        guard count >= 8 else { return ByteWord(loadingFrom: base + index, count: rest) }
        return ByteWord(ByteWord(loadingFrom: base + count - 8).bits &>> (8 &* (8 &- rest)))
    }
}
