/// Eight bytes of text read as one word, so that a scanner can ask of all
/// eight at once whether any is one of the few bytes it must act on (SWAR:
/// SIMD within a register). Text is mostly bytes that need no attention, and
/// a test of eight costs a handful of instructions against a branch each.
///
/// Every test is exact per byte: the arithmetic never carries from one byte
/// into the next, so a match says which bytes matched, not only the first.
public struct ByteWord: Sendable {
    /// The first byte is the lowest, whatever the machine's byte order.
    public let bits: UInt64

    @inlinable @inline(__always)
    public init(_ bits: UInt64) {
        self.bits = bits
    }

    /// The eight bytes at `pointer`, which needs no alignment.
    @inlinable @inline(__always)
    public init(loadingFrom pointer: UnsafePointer<UInt8>) {
        bits = UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// The `count` (0 to 8) bytes at `pointer`, the rest zero: the end of a text.
    @inlinable @inline(__always)
    public init(loadingFrom pointer: UnsafePointer<UInt8>, count: Int) {
        var bits: UInt64 = 0
        for offset in 0..<min(count, 8) { bits |= UInt64(pointer[offset]) << (8 * offset) }
        self.bits = bits
    }

    /// Byte `place` (0 to 7).
    @inlinable @inline(__always)
    public func byte(at place: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: bits &>> (8 &* place))
    }

    /// The lowest bit of each byte.
    @inlinable
    public static var lowBits: UInt64 { 0x0101_0101_0101_0101 }
    @usableFromInline static let lowSeven: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// The bytes equal to `byte`.
    @inlinable @inline(__always)
    public func matching(_ byte: UInt8) -> ByteMatches {
        ByteWord(bits ^ (Self.lowBits &* UInt64(byte))).zeros
    }

    /// The bytes below `limit`, which is at most 0x80 (ASCII tests only).
    @inlinable @inline(__always)
    public func below(_ limit: UInt8) -> ByteMatches {
        // A byte's low seven bits plus 0x80 - limit reach the high bit exactly when they are limit or more.
        let atLeast = ((bits & Self.lowSeven) &+ Self.lowBits &* UInt64(0x80 &- limit)) | bits
        return ByteMatches(highBits: ~atLeast)
    }

    /// The bytes in `range`, an ASCII range.
    @inlinable @inline(__always)
    public func within(_ range: ClosedRange<UInt8>) -> ByteMatches {
        below(range.upperBound &+ 1).subtracting(below(range.lowerBound))
    }

    /// The bytes of 0x80 and above: the lead and continuation bytes of UTF-8.
    @inlinable @inline(__always)
    public var nonASCII: ByteMatches {
        ByteMatches(highBits: bits)
    }

    /// The bytes that are zero.
    @inlinable @inline(__always)
    var zeros: ByteMatches {
        // Low seven bits plus 0x7F reach the high bit unless they are all zero; or-ing the byte catches 0x80.
        ByteMatches(highBits: ~(((bits & Self.lowSeven) &+ Self.lowSeven) | bits))
    }

    /// Every byte with the bits of `mask` set: a test of the result matches
    /// the bytes that differ only in those bits (`a` and `A` with 0x20).
    @inlinable @inline(__always)
    public func settingBits(_ mask: UInt8) -> ByteWord {
        ByteWord(bits | Self.lowBits &* UInt64(mask))
    }
}
