import SearchIndex
@testable import SiteBuild
import Testing

/// Terms taken while posts are read reach the index under the numbers the
/// index gives the posts, or not at all.
@Suite("Loaded terms")
struct LoadedTermsTests {
    @Test func termsTakenWhileReadingAreNumberedAsDocuments() throws {
        let loaded = LoadedTerms()
        loaded.take(ofPostAt: "posts/a.md", strongTexts: ["Actors"], headingText: Array("Tasks\n".utf8), text: Array("swift actors".utf8))
        loaded.take(ofPostAt: "posts/b.md", strongTexts: ["Caching"], headingText: [], text: Array("http".utf8))
        let tables = try #require(loaded.tables(numbering: { ["posts/a.md": 5, "posts/b.md": 0][$0] }))
        var found: [Int: PostTerms] = [:]
        for table in tables {
            for (number, place) in table.documentPlaces { found[number] = table.terms(ofDocumentAt: place) }
        }
        #expect(found[5] == PostTerms(terms: ["actors", "tasks", "swift"], strong: [true, true, false]))
        #expect(found[0] == PostTerms(terms: ["caching", "http"], strong: [true, false]))
        #expect(found.count == 2)
        // Given up once taken.
        #expect(loaded.tables(numbering: { _ in 0 })?.isEmpty == true)
    }

    @Test func aPostWithoutADocumentGivesUpEveryTerm() {
        let loaded = LoadedTerms()
        loaded.take(ofPostAt: "posts/a.md", strongTexts: ["A"], headingText: [], text: [])
        loaded.take(ofPostAt: "posts/draft.md", strongTexts: ["D"], headingText: [], text: [])
        #expect(loaded.tables(numbering: { $0 == "posts/a.md" ? 0 : nil }) == nil)
    }

    /// A reading of changed files that gave way to a whole reading reads a file twice.
    @Test func aPostReadTwiceGivesUpEveryTerm() {
        let loaded = LoadedTerms()
        loaded.take(ofPostAt: "posts/a.md", strongTexts: ["A"], headingText: [], text: [])
        loaded.take(ofPostAt: "posts/a.md", strongTexts: ["A"], headingText: [], text: [])
        loaded.take(ofPostAt: "posts/b.md", strongTexts: ["B"], headingText: [], text: [])
        #expect(loaded.tables(numbering: { _ in 0 }) == nil)
    }
}
