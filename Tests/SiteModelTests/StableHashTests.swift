@testable import SiteModel
import Testing

/// The hash that tells a changed file from an unchanged one (the output's
/// manifest, the post cache): a change it misses is a page left stale, so
/// every small change must change it.
@Suite("Stable hash")
struct StableHashTests {
    /// Bytes that look like nothing in particular, the same on every run.
    private static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    /// Short texts (paths, keys) and long ones (files), with and without a tail past the last word.
    @Test(arguments: [1, 2, 3, 4, 5, 7, 8, 9, 12, 15, 64, 71, 100, 300])
    func everyOneBitChangeChangesTheHash(count: Int) {
        let text = Self.bytes(count, seed: 7)
        let original = StableHash.of(text)
        var seen: Set<UInt64> = [original]
        for bit in 0..<(8 * count) {
            var changed = text
            changed[bit / 8] ^= 1 << UInt8(bit % 8)
            seen.insert(StableHash.of(changed))
        }
        // Each change gave a hash of its own, none the original's.
        #expect(seen.count == 8 * count + 1)
    }

    @Test func theSameWordsInAnotherOrderHashApart() {
        let text = Self.bytes(64 * 4, seed: 11)
        var blocks = text
        blocks.replaceSubrange(0..<64, with: text[128..<192])
        blocks.replaceSubrange(128..<192, with: text[0..<64])
        #expect(StableHash.of(blocks) != StableHash.of(text))
        var words = text
        words.replaceSubrange(0..<8, with: text[8..<16])
        words.replaceSubrange(8..<16, with: text[0..<8])
        #expect(StableHash.of(words) != StableHash.of(text))
    }

    @Test func aTextAndTheSameWithZerosAddedHashApart() {
        let text = Self.bytes(640, seed: 3)
        #expect(StableHash.of(text + [0]) != StableHash.of(text))
        #expect(StableHash.of([0]) != StableHash.of([0, 0]))
        #expect(StableHash.of([]) != StableHash.of([0]))
    }
}
