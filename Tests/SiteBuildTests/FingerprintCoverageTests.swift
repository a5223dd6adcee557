@testable import SiteBuild
import SiteModel
@testable import SitePresentation
import SiteViews
import TestSupport
import Testing

/// A render fingerprint that skipped a field would let a page go stale when
/// only that field changed; each view model must hash exactly its stored
/// properties, by name, in declaration order.
@Suite("Render fingerprints cover every field")
struct FingerprintCoverageTests {
    private static func presenter() throws -> SitePresenter {
        SitePresenter(site: try ContentLoader(contentDirectory: Repository.content).load())
    }

    private func expectHashesEveryField(_ value: some Fingerprinted) {
        var hasher = FingerprintHasher()
        hasher.names = []
        value.fingerprint(into: &hasher)
        let stored = Mirror(reflecting: value).children.compactMap(\.label)
        #expect(hasher.names == stored, "\(type(of: value))")
    }

    @Test func ofEveryViewModelThatIsFingerprinted() throws {
        let presenter = try Self.presenter()
        let outline = presenter.postPageOutline(at: 1)
        let list = try #require(presenter.listPages.first)
        let feed = try #require(presenter.feedOutlines.first).feed
        let apiList = try #require(presenter.apiLists.first)
        expectHashesEveryField(outline)
        expectHashesEveryField(outline.chrome)
        expectHashesEveryField(try #require(outline.chrome.navigation.first))
        expectHashesEveryField(outline.route)
        expectHashesEveryField(outline.category)
        expectHashesEveryField(presenter.apiPost(for: outline, at: 1))
        expectHashesEveryField(list)
        expectHashesEveryField(try #require(list.pages.first))
        expectHashesEveryField(apiList)
        expectHashesEveryField(feed)
        expectHashesEveryField(try #require(feed.entries.first))
    }

    @Test func neighboursAndPlacesChangeTheFingerprint() throws {
        let presenter = try Self.presenter()
        let hashes = (0..<3).map { FingerprintHasher.hash(presenter.postPageOutline(at: $0)) }
        #expect(Set(hashes).count == 3)
        #expect(FingerprintHasher.hash(presenter.postPageOutline(at: 1)) == hashes[1], "and stay put when nothing changed")
    }

    /// Lists hash each summary by the hash it was made with: a list's
    /// fingerprint changes when a summary on it does.
    @Test func aChangedSummaryChangesItsListsFingerprint() throws {
        let presenter = try Self.presenter()
        let list = try #require(presenter.listPages.first)
        let first = try #require(list.posts.first)
        let retitled = PostSummary(id: first.id, title: first.title + " (updated)", summary: first.summary, url: first.url,
                                   displayDate: first.displayDate, machineDate: first.machineDate, category: first.category,
                                   tags: first.tags, wordCount: first.wordCount, readingMinutes: first.readingMinutes)
        let changed = ListPageViewModel(chrome: list.chrome, route: list.route, category: list.category,
                                        categoryDescription: list.categoryDescription, categoryFeedURL: list.categoryFeedURL,
                                        pageNumber: list.pageNumber, pageCount: list.pageCount,
                                        posts: [retitled] + list.posts.dropFirst(), previousPage: list.previousPage,
                                        nextPage: list.nextPage, pages: list.pages)
        #expect(FingerprintHasher.hash(changed) != FingerprintHasher.hash(list))
        #expect(FingerprintHasher.hash(list) == FingerprintHasher.hash(try #require(presenter.listPages.first)))
    }
}
