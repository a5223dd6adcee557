import SearchIndex
import Testing

@Suite("Term chunks")
struct TermChunkerTests {
    private func entries(_ terms: [String], size: Int = 10) -> [TermChunker.Entry] {
        terms.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .map { TermChunker.Entry(term: $0, postings: Array(repeating: UInt8(ascii: "0"), count: size)) }
    }

    @Test func smallIndexesHaveOneChunkPerFirstCharacter() {
        let chunks = TermChunker.chunks(entries(["swift", "swiftui", "sort", "array", "静态", "态网"]), limit: 1000)
        #expect(chunks.map(\.key) == ["a", "s", "态", "静"])
        #expect(chunks[1].entries.map(\.term) == ["sort", "swift", "swiftui"])
    }

    @Test func largeGroupsSplitByLongerPrefixesKeepingTheExactTerm() {
        let terms = ["s", "sa", "sab", "swift", "swiftui", "switch", "sort", "t"]
        let chunks = TermChunker.chunks(entries(terms, size: 40), limit: 150)
        // "sw" and "swi" are still too large and hold no term of their own; four characters is as deep as it goes.
        #expect(chunks.map(\.key) == ["s", "sa", "so", "swif", "swit", "t"])
        // Every term is in the chunk of the longest key that begins it, and in no other.
        for term in terms {
            let holders = chunks.filter { $0.entries.contains { $0.term == term } }
            #expect(holders.count == 1)
            let longest = chunks.map(\.key).filter { term.hasPrefix($0) }.max { $0.count < $1.count }
            #expect(holders.first?.key == longest, "\(term)")
        }
    }

    @Test func chunksStayUnderTheLimitUnlessOnePrefixHoldsMore() {
        let terms = (0..<2000).map { "w" + String($0, radix: 7) }
        let chunks = TermChunker.chunks(entries(terms, size: 30), limit: 2000)
        #expect(chunks.count > 20)
        for chunk in chunks { #expect(chunk.entries.reduce(0) { $0 + $1.term.utf8.count + 36 } <= 2000) }
        #expect(Set(chunks.flatMap { $0.entries.map(\.term) }) == Set(terms))
    }

    @Test func fileNamesAreTheKeysUTF8InHex() {
        #expect(TermChunker.fileName(ofKey: "sw") == "7377.json")
        #expect(TermChunker.fileName(ofKey: "网") == "e7bd91.json")
    }
}
