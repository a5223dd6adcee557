@testable import SiteBuild
import SearchIndex
import Testing

/// The search term cache gives the next build each post's terms as this
/// build found them. A cache it cannot read only costs time (the posts are
/// rendered again), so a wrong encoding would go unseen by the build
/// tests: here the terms are checked to come back as they went in.
@Suite("Search term cache")
struct SearchTermCacheTests {
    /// Two posts' terms in one table: words, capitals, accents, Chinese
    /// pairs, a word of 64 letters (its length takes two bytes in the
    /// file), strong terms from a title.
    private func table() -> TermTable {
        var table = TermTable()
        table.begin(document: 0)
        table.add(strongText: Array("Static sites".utf8))
        table.add(bodyText: Array("Caching keeps a naïve café fast; 静态网站 \(String(repeating: "x", count: 64)) fast".utf8))
        table.begin(document: 1)
        table.add(strongText: Array("网站".utf8))
        table.add(bodyText: Array("static zebra".utf8))
        return table
    }

    /// The cache of a build whose one table holds documents 0 and 1 under keys 11 and 22.
    private func bytes(_ table: TermTable) -> [UInt8] {
        SearchTermCache.bytes(indexFingerprint: 7, indexFiles: [("search/index.json", 9)], tables: [table],
                              documents: [(11, 0, 0), (22, 0, 1)])
    }

    @Test func termsComeBackAsTheyWereTaken() throws {
        let table = table()
        let cache = SearchTermCache(bytes: bytes(table))
        #expect(cache.count == 2)
        #expect(cache.indexFingerprint == 7)
        #expect(cache.indexFiles.map(\.path) == ["search/index.json"])
        let first = try #require(cache.terms(for: 11))
        #expect(first == table.terms(ofDocumentAt: 0))
        #expect(Set(first.terms).isSuperset(of: ["static", "sites", "caching", "naive", "cafe", "静态", "态网", "网站",
                                                  String(repeating: "x", count: 64)]))
        #expect(zip(first.terms, first.strong).filter(\.1).map(\.0).sorted() == ["sites", "static"])
        #expect(try #require(cache.terms(for: 22)) == table.terms(ofDocumentAt: 1))
        #expect(cache.terms(for: 33) == nil)
    }

    /// The next build puts the terms it read from the cache into its
    /// threads' tables beside new posts' terms, and its cache holds them
    /// all, from every table; a post no longer listed is left out.
    @Test func theNextCacheHoldsCachedAndNewTermsFromEveryTable() throws {
        let first = SearchTermCache(bytes: bytes(table()))
        var reading = TermTable()
        reading.begin(document: 0)
        reading.add(try #require(first.terms(for: 11)))
        var writing = TermTable()
        writing.begin(document: 1)
        writing.add(strongText: Array("Fast caching".utf8))
        writing.add(bodyText: Array("静态 pages, new words".utf8))
        let next = SearchTermCache(bytes: SearchTermCache.bytes(indexFingerprint: 8, indexFiles: [], tables: [reading, writing],
                                                                documents: [(11, 0, 0), (33, 1, 0)]))
        #expect(next.count == 2)
        #expect(try #require(next.terms(for: 11)) == table().terms(ofDocumentAt: 0))
        #expect(try #require(next.terms(for: 33)) == writing.terms(ofDocumentAt: 0))
        #expect(next.terms(for: 22) == nil)
    }

    /// A build making its index whole takes the cached posts it lists as
    /// tables, under its own numbers, with only the terms they use.
    @Test func cachedPostsComeBackAsTablesUnderNewNumbers() throws {
        let original = table()
        let cache = SearchTermCache(bytes: bytes(original))
        let tables = cache.tables { $0 == 11 ? 5 : nil }
        let loaded = try #require(tables.first)
        #expect(tables.count == 1)
        #expect(loaded.documentPlaces.map(\.number) == [5])
        #expect(loaded.terms(ofDocumentAt: 0) == original.terms(ofDocumentAt: 0))
        // Post 22's own term, "zebra", is not carried over.
        let termCount = loaded.withContents { _, starts, _ in starts.count - 1 }
        #expect(termCount == original.terms(ofDocumentAt: 0).count)
        #expect(cache.tables { _ in nil }.isEmpty)
    }

    /// A term many posts have is written once: the cache grows with the
    /// posts' numbers of terms, not with their terms' bytes.
    @Test func aSharedTermIsWrittenOnce() {
        var table = TermTable()
        for number in 0..<3 {
            table.begin(document: number)
            table.add(bodyText: Array("incrementally rebuilt \(number)".utf8))
        }
        let file = SearchTermCache.bytes(indexFingerprint: 7, indexFiles: [], tables: [table],
                                         documents: [(1, 0, 0), (2, 0, 1), (3, 0, 2)])
        let term = Array("incrementally".utf8)
        let occurrences = (0...(file.count - term.count)).filter { file[$0..<$0 + term.count].elementsEqual(term) }
        #expect(occurrences.count == 1)
        #expect(SearchTermCache(bytes: file).terms(for: 3)?.terms.sorted() == ["2", "incrementally", "rebuilt"])
    }

    @Test func aDamagedFileIsAnEmptyCache() {
        var damaged = bytes(table())
        damaged.removeLast(3)
        #expect(SearchTermCache(bytes: damaged).count == 0)
    }
}
