import SearchIndex
@testable import SiteBuild
import SiteModel
import Testing

/// Terms taken while posts are read reach the index under the numbers the
/// index gives the posts; a reading nothing numbers is left out.
@Suite("Loaded terms")
struct LoadedTermsTests {
    private func terms(_ tables: [TermTable]) -> [Int: PostTerms] {
        var found: [Int: PostTerms] = [:]
        for table in tables {
            for (number, place) in table.documentPlaces { found[number] = table.terms(ofDocumentAt: place) }
        }
        return found
    }

    @Test func termsTakenWhileReadingAreNumberedAsDocuments() {
        let loaded = LoadedTerms()
        loaded.take(ofPostAt: "posts/a.md", strongTexts: ["Actors"], headingText: Array("Tasks\n".utf8), text: Array("swift actors".utf8))
        loaded.take(ofPostAt: "posts/b.md", strongTexts: ["Caching"], headingText: [], text: Array("http".utf8))
        let found = terms(loaded.tables(numbering: [("posts/b.md", 0), ("posts/a.md", 5)]))
        #expect(found[5] == PostTerms(terms: ["actors", "tasks", "swift"], strong: [true, true, false]))
        #expect(found[0] == PostTerms(terms: ["caching", "http"], strong: [true, false]))
        #expect(found.count == 2)
        // Given up once taken.
        #expect(loaded.tables(numbering: [("posts/a.md", 0)]).isEmpty)
    }

    /// A post the index does not list (a draft read with `--drafts`) is left out, the others kept.
    @Test func aPostWithoutADocumentIsLeftOut() {
        let loaded = LoadedTerms()
        loaded.take(ofPostAt: "posts/a.md", strongTexts: ["Alpha"], headingText: [], text: [])
        loaded.take(ofPostAt: "posts/draft.md", strongTexts: ["Draft"], headingText: [], text: [])
        let found = terms(loaded.tables(numbering: [("posts/a.md", 0)]))
        #expect(found == [0: PostTerms(terms: ["alpha"], strong: [true])])
    }

    /// `sitegen serve` reads a changed file, then the whole folder when the
    /// change was more than a body's: the last reading stands.
    @Test func aPostReadAgainKeepsItsLastReading() {
        let loaded = LoadedTerms()
        loaded.take(ofPostAt: "posts/a.md", strongTexts: ["Old"], headingText: [], text: Array("before".utf8))
        loaded.take(ofPostAt: "posts/b.md", strongTexts: ["Beta"], headingText: [], text: [])
        loaded.take(ofPostAt: "posts/a.md", strongTexts: ["New"], headingText: [], text: Array("after".utf8))
        let tables = loaded.tables(numbering: [("posts/b.md", 0), ("posts/a.md", 1)])
        #expect(terms(tables) == [1: PostTerms(terms: ["new", "after"], strong: [true, false]),
                                  0: PostTerms(terms: ["beta"], strong: [true])])
        // The reading left out gives no posting to the index either.
        let index = TermIndex(merging: tables, documentCount: 2)
        #expect(index.terms(ofDocument: 1) == PostTerms(terms: ["new", "after"], strong: [true, false]))
        #expect(index.terms(ofDocument: 0) == PostTerms(terms: ["beta"], strong: [true]))
    }

    /// A post whose terms the last build's index or cache holds is not taken again.
    @Test func knownTermsAreNotTakenAgain() {
        let post = Post(id: "a", category: "ui", title: "T", summary: "D", body: "b", date: nil, sourcePath: "posts/ui/a.json")
        let options = SiteConfig.MarkdownOptions()
        let none = LoadedTerms(known: { _ in false })
        let all = LoadedTerms(known: { _ in true })
        #expect(none.wants(post, markdown: options))
        #expect(!all.wants(post, markdown: options))
        all.finishReading()
        #expect(all.wants(post, markdown: options))
    }
}
