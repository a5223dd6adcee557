/// Which of a `ByteWord`'s eight bytes passed a test: the high bit of each
/// byte that did, nothing else.
public struct ByteMatches: Sendable, Equatable {
    public let highBits: UInt64

    @usableFromInline static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Keeps only the high bit of each byte of `highBits`.
    @inlinable @inline(__always)
    public init(highBits: UInt64) {
        self.highBits = highBits & Self.highs
    }

    @inlinable @inline(__always)
    public var isEmpty: Bool { highBits == 0 }

    /// Where the first match is (0 to 7), or 8 when there is none.
    @inlinable @inline(__always)
    public var first: Int { highBits.trailingZeroBitCount >> 3 }

    /// The same matches without the first.
    @inlinable @inline(__always)
    public var droppingFirst: ByteMatches { ByteMatches(highBits: highBits & (highBits &- 1)) }

    /// The matches among the first `count` bytes (0 to 8).
    @inlinable @inline(__always)
    public func prefix(_ count: Int) -> ByteMatches {
        count >= 8 ? self : ByteMatches(highBits: highBits & ((1 &<< (8 &* count)) &- 1))
    }

    /// The matches as eight bits, byte 0 lowest: each high bit moved down
    /// to bit 0 of its byte, and a product lining the eight up in the top
    /// byte (no two of its partial products meet, so nothing carries).
    @inlinable @inline(__always)
    public var bitPerByte: UInt64 { ((highBits &>> 7) &* 0x0102_0408_1020_4080) &>> 56 }

    /// 0xFF in each byte that matched, 0 in the others.
    @inlinable @inline(__always)
    public var wholeBytes: UInt64 { (highBits >> 7) &* 0xFF }

    @inlinable @inline(__always)
    public func union(_ other: ByteMatches) -> ByteMatches { ByteMatches(highBits: highBits | other.highBits) }

    @inlinable @inline(__always)
    public func subtracting(_ other: ByteMatches) -> ByteMatches { ByteMatches(highBits: highBits & ~other.highBits) }

    @inlinable @inline(__always)
    public static func | (lhs: ByteMatches, rhs: ByteMatches) -> ByteMatches { lhs.union(rhs) }
}
