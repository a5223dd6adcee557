@testable import ByteScan
import Testing

/// Escaping looks at sixteen bytes at a time on x86-64 and eight elsewhere;
/// both must write what escaping one byte at a time writes, however densely
/// the special bytes come (HTML has one every few bytes) and wherever a text ends.
@Suite("Byte escaping")
struct ByteEscapingTests {
    /// JSON's escaping as the API writes it: control bytes, quote,
    /// backslash, and `<`, `>`, `&`.
    private enum TestEscape: ByteEscaping {
        static func specials(in word: ByteWord) -> ByteMatches {
            word.below(0x20) | word.matching(0x22) | word.matching(0x5C) | word.matching(0x3C) | word.matching(0x3E)
                | word.matching(0x26)
        }

        static func replacement(for byte: UInt8) -> (bits: UInt64, count: Int) {
            // `\u00` and two digits, written here as `\x` and the byte, for a test of lengths 2 and 6.
            byte < 0x20 ? (0x30_30_75_5C | UInt64(0x41 + byte % 16) << 32 | UInt64(0x41 + byte / 16) << 40, 6)
                : (UInt64(byte) << 8 | 0x5C, 2)
        }

        static let longestReplacement = 6
        static let table = ByteEscapeTable(Self.self)
    }

    private static func byteByByte(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        for byte in bytes {
            guard byte < 0x20 || [0x22, 0x5C, 0x3C, 0x3E, 0x26].contains(byte) else {
                output.append(byte)
                continue
            }
            let (bits, count) = TestEscape.replacement(for: byte)
            for place in 0..<count { output.append(UInt8(truncatingIfNeeded: bits >> UInt64(8 * place))) }
        }
        return output
    }

    @Test func bothPathsWriteWhatEscapingByteByByteWrites() {
        var state: UInt64 = 0xE5C
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        let specials: [UInt8] = [0x00, 0x0A, 0x1F, 0x22, 0x5C, 0x3C, 0x3E, 0x26]
        let plain: [UInt8] = [0x20, 0x41, 0x7A, 0x3D, 0x7F, 0x80, 0xC3, 0xFF]
        for round in 0..<4_000 {
            let count = round % 100
            // Some texts plain, some with a special every few bytes, some mostly specials.
            let density = [50, 6, 2][round % 3]
            let bytes = (0..<count).map { _ in next(density) == 0 ? specials[next(specials.count)] : plain[next(plain.count)] }
            let expected = Self.byteByByte(bytes)
            var appended: [UInt8] = [0x2A]
            bytes.withUnsafeBufferPointer { TestEscape.append(escaping: $0, to: &appended) }
            #expect(appended == [0x2A] + expected, "\(bytes)")
            let portable = bytes.withUnsafeBufferPointer { source in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count * 6 + 16) { room -> [UInt8] in
                    guard let target = room.baseAddress else { return [] }
                    return Array(UnsafeBufferPointer(start: target, count: TestEscape.portableEscape(source, into: target)))
                }
            }
            #expect(portable == expected, "\(bytes)")
        }
    }
}
