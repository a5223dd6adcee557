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
        table.add(bodyText: Array("static".utf8))
        return table
    }

    private func bytes(_ table: TermTable, keys: [UInt64], previous: SearchTermCache = SearchTermCache()) -> [UInt8] {
        SearchTermCache.bytes(indexFingerprint: 7, indexFiles: [("search/index.json", 9)], keys: keys, tables: [table],
                              previous: previous) { key in
            if previous.contains(key) { return .kept }
            guard let place = keys.firstIndex(of: key), place < table.documentPlaces.count else { return .none }
            return .terms(table: 0, place: place)
        }
    }

    @Test func termsComeBackAsTheyWereTaken() throws {
        let table = table()
        let cache = SearchTermCache(bytes: bytes(table, keys: [11, 22]))
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

    @Test func aKeptEntryIsCopiedIntoTheNextCacheUnchanged() throws {
        let table = table()
        let first = SearchTermCache(bytes: bytes(table, keys: [11, 22]))
        let next = SearchTermCache(bytes: bytes(TermTable(), keys: [11, 22], previous: first))
        #expect(try #require(next.terms(for: 11)) == table.terms(ofDocumentAt: 0))
        #expect(try #require(next.terms(for: 22)) == table.terms(ofDocumentAt: 1))
    }

    /// A kept entry is renumbered into the next cache's dictionary beside a
    /// new post's terms, and a post no longer listed leaves its entry out.
    @Test func keptAndNewEntriesShareTheNextDictionary() throws {
        let first = SearchTermCache(bytes: bytes(table(), keys: [11, 22]))
        var newer = TermTable()
        newer.begin(document: 0)
        newer.add(strongText: Array("Fast caching".utf8))
        newer.add(bodyText: Array("静态 pages, new words".utf8))
        let next = SearchTermCache(bytes: SearchTermCache.bytes(indexFingerprint: 8, indexFiles: [], keys: [11, 33], tables: [newer],
                                                                previous: first) { key in
            key == 11 ? .kept : key == 33 ? .terms(table: 0, place: 0) : .none
        })
        #expect(next.count == 2)
        #expect(try #require(next.terms(for: 11)) == table().terms(ofDocumentAt: 0))
        #expect(try #require(next.terms(for: 33)) == newer.terms(ofDocumentAt: 0))
        #expect(next.terms(for: 22) == nil)
    }

    /// A term many posts have is written once: the cache grows with the
    /// posts' numbers of terms, not with their terms' bytes.
    @Test func aSharedTermIsWrittenOnce() {
        var table = TermTable()
        for number in 0..<3 {
            table.begin(document: number)
            table.add(bodyText: Array("incrementally rebuilt \(number)".utf8))
        }
        let file = bytes(table, keys: [1, 2, 3])
        let term = Array("incrementally".utf8)
        let occurrences = (0...(file.count - term.count)).filter { file[$0..<$0 + term.count].elementsEqual(term) }
        #expect(occurrences.count == 1)
        #expect(SearchTermCache(bytes: file).terms(for: 3)?.terms.sorted() == ["2", "incrementally", "rebuilt"])
    }

    @Test func aDamagedFileIsAnEmptyCache() {
        var damaged = bytes(table(), keys: [11, 22])
        damaged.removeLast(3)
        #expect(SearchTermCache(bytes: damaged).count == 0)
    }
}
