@testable import SiteModel
import Testing

/// A JSON string is scanned for the bytes that end a run of plain text (a
/// quote, a backslash, a control character) sixteen bytes at a time on
/// x86-64 and eight at a time elsewhere: both find the first one a
/// byte-by-byte test finds, wherever it falls and wherever the scan starts.
@Suite("JSON special bytes")
struct JSONSpecialByteTests {
    @Test func bothScansFindTheFirstSpecialByte() {
        var state: UInt64 = 0x4A50
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        // Plain text mostly, and each kind of byte that a scan could get wrong.
        let kinds: [UInt8] = [0x22, 0x5C, 0x00, 0x0A, 0x1F, 0x20, 0x21, 0x7F, 0x80, 0xA2, 0xFF]
        for round in 0..<3_000 {
            let count = round % 70
            let bytes = (0..<count).map { _ in next(12) == 0 ? kinds[next(kinds.count)] : UInt8(ascii: "a") + UInt8(next(26)) }
            let start = count == 0 ? 0 : next(count + 1)
            let expected = bytes.indices.first { $0 >= start && (bytes[$0] == 0x22 || bytes[$0] == 0x5C || bytes[$0] < 0x20) } ?? count
            bytes.withUnsafeBufferPointer { buffer in
                #expect(JSONParser.nextSpecialByte(in: buffer, from: start) == expected, "\(bytes) from \(start)")
                #expect(JSONParser.portableNextSpecialByte(in: buffer, from: start) == expected, "\(bytes) from \(start)")
            }
        }
    }
}
