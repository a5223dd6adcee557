import SearchIndex
import Testing

@Suite("Postings coding")
struct PostingsCodingTests {
    private func posting(_ number: UInt32, strong: Bool = false) -> UInt32 { number << 1 | (strong ? 1 : 0) }

    @Test func sparseListsUseGaps() {
        let postings = [posting(0), posting(5, strong: true), posting(40), posting(1_000_000)]
        let text = PostingsCoding.encode(postings)
        #expect(text.first != UInt8(ascii: "~"))
        // Post 0 (gap 1, weak) is the digit 0; post 5 (gap 5, strong) is (4 << 1 | 1) = 9.
        #expect(Array(text.prefix(2)) == Array("09".utf8))
        #expect(PostingsCoding.decode(text) == postings)
    }

    @Test func denseListsUseABitmap() {
        let postings = (0..<600).filter { $0 % 3 != 0 }.map { posting(UInt32($0), strong: $0 == 7) }
        let text = PostingsCoding.encode(postings)
        #expect(text.first == UInt8(ascii: "~"))
        #expect(text.count < postings.count / 2)
        #expect(PostingsCoding.decode(text) == postings)
    }

    @Test func aSmallGapIsOneCharacter() {
        // Gaps 1, 10, 10: the values 0, 9 << 1 and 9 << 1 | 1 (strong).
        #expect(PostingsCoding.encode([posting(0), posting(10), posting(20, strong: true)]) == Array("0IJ".utf8))
        #expect(PostingsCoding.encode([posting(0), posting(1), posting(2)]) == Array("000".utf8))
    }

    @Test func textNotWrittenByTheEncoderIsRefused() {
        #expect(PostingsCoding.decode(Array("0!".utf8)) == nil)
        #expect(PostingsCoding.decode(Array("~00".utf8)) == nil)
        #expect(PostingsCoding.decode(Array("W".utf8)) == nil)
    }

    @Test(arguments: [1, 2, 7, 64, 500])
    func roundTripsRandomLists(seed: Int) {
        var generator = SplitMix(seed: UInt64(seed))
        var number: UInt32 = 0
        var postings: [UInt32] = []
        for _ in 0..<(seed * 13 % 400 + 1) {
            number += UInt32(generator.next() % UInt64(seed * 3 + 1)) + 1
            postings.append(posting(number, strong: generator.next() % 5 == 0))
        }
        #expect(PostingsCoding.decode(PostingsCoding.encode(postings)) == postings)
    }
}

/// A small seeded generator, so that a failing case fails again.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
