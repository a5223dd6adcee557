import ByteScan

/// A 64-bit hash that is the same on every run and machine (unlike Swift's
/// `Hasher`, which is seeded per process), for change detection and cache keys.
/// Reads eight bytes at a step, four steps at once over long input; not for security.
public struct StableHash: Sendable {
    private var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    public init() {}

    public mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        var index = 0
        let count = bytes.count
        // Four independent chains keep the multiplier busy: one chain waits
        // for each step's product before the next (a file of the site is
        // hashed at a quarter of the time).
        if count >= 64 {
            var lanes = (state, state ^ 0x243F_6A88_85A3_08D3, state ^ 0x1319_8A2E_0370_7344, state ^ 0xA409_3822_299F_31D0)
            while index + 32 <= count {
                lanes.0 = Self.mixed(lanes.0, bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                lanes.1 = Self.mixed(lanes.1, bytes.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
                lanes.2 = Self.mixed(lanes.2, bytes.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self))
                lanes.3 = Self.mixed(lanes.3, bytes.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self))
                index += 32
            }
            state = lanes.0
            mix(lanes.1)
            mix(lanes.2)
            mix(lanes.3)
        }
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

    /// Read in place: the text's storage is read by other threads' fingerprints too.
    public mutating func combine(_ text: String) {
        text.withUTF8InPlace { combine(UnsafeRawBufferPointer($0)) }
    }

    /// A missing text hashes apart from an empty one.
    public mutating func combine(_ text: String?) {
        mix(text == nil ? 0 : 1)
        combine(text ?? "")
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
        state = Self.mixed(state, word)
    }

    private static func mixed(_ state: UInt64, _ word: UInt64) -> UInt64 {
        (state ^ (word &* 0x87C3_7B91_1142_53D5)).rotatedLeft(by: 31) &* 0x4CF5_AD43_2745_937F
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(by count: UInt64) -> UInt64 {
        (self << count) | (self >> (64 - count))
    }
}
