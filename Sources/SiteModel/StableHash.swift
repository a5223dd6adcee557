/// A 64-bit hash that is the same on every run and machine (unlike Swift's
/// `Hasher`, which is seeded per process), for change detection and cache keys.
/// Reads eight bytes at a step; not for security.
public struct StableHash: Sendable {
    private var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    public init() {}

    public mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        var index = 0
        let count = bytes.count
        while index + 8 <= count {
            mix(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < count {
            tail |= UInt64(bytes[index]) << shift
            shift += 8
            index += 1
        }
        mix(tail ^ UInt64(count) << 56)
    }

    public mutating func combine(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { combine($0) }
    }

    public mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
    }

    public mutating func combine(_ number: UInt64) {
        mix(number)
    }

    /// The final value, with every input bit spread over every output bit.
    public var value: UInt64 {
        var x = state
        x ^= x >> 33
        x &*= 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x &*= 0xC4CE_B9FE_1A85_EC53
        x ^= x >> 33
        return x
    }

    public static func of(_ bytes: [UInt8]) -> UInt64 {
        var hash = StableHash()
        hash.combine(bytes)
        return hash.value
    }

    private mutating func mix(_ word: UInt64) {
        state = (state ^ (word &* 0x87C3_7B91_1142_53D5)).rotatedLeft(by: 31) &* 0x4CF5_AD43_2745_937F
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(by count: UInt64) -> UInt64 {
        (self << count) | (self >> (64 - count))
    }
}
