@testable import SitePresentation
import Testing

/// The text a walk gathers for the search index comes back whole and in
/// order, however its pieces fill and outgrow the room made for them.
@Suite("Gathered text")
struct GatheredTextTests {
    @Test func piecesComeBackInOrderAcrossGrowth() {
        var gathered = GatheredText()
        var expected: [UInt8] = []
        for length in [0, 1, 255, 1, 300, 7, 1_000, 0, 4_096] {
            let piece = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ length) }
            piece.withUnsafeBufferPointer { gathered.append($0) }
            gathered.append(0x20)
            expected += piece + [0x20]
        }
        #expect(gathered.count == expected.count)
        #expect(gathered.bytes == expected)
        var empty = GatheredText()
        #expect(empty.bytes.isEmpty)
    }
}
