import SiteModel
import SitePresentation
import Testing

@Suite("Site presenter")
struct SitePresenterTests {
    /// A category of `count` dated posts `p_0` (newest) … `p_<count-1>`.
    private func site(count: Int, pageSize: Int = 20, markdown: SiteConfig.MarkdownOptions = .init()) throws -> Site {
        let base = try #require(BaseURL("https://example.org/"))
        let posts = (0..<count).map { index in
            let day = 28 - index % 28
            return Post(id: "p_\(index)", category: "c", title: "Title \(index)", summary: "Summary \(index)",
                 body: "## Heading \(index)\n\nText with <b>html</b> and [a link](javascript:alert(1)).",
                 date: PostDate(iso8601: "2020-01-\(day < 10 ? "0" : "")\(day)"),
                 sourcePath: "p_\(index).json")
        }
        let config = SiteConfig(title: "Blog", baseURL: base, pageSize: pageSize, markdown: markdown)
        return Site(config: config, categories: [Category(slug: "c", title: "Cats", posts: posts)])
    }

    @Test func listPagesHoldTheirSliceWithNavigation() throws {
        let presenter = SitePresenter(site: try site(count: 45))
        let pages = presenter.listPages
        #expect(pages.map(\.posts.count) == [20, 20, 5])
        #expect(pages[1].posts.first?.id == "p_20")
        #expect(pages[1].previousPage?.url == "/c/")
        #expect(pages[1].nextPage?.url == "/c/page/3/")
        #expect(pages[1].pages.map(\.number) == [1, 2, 3])
        #expect(pages[1].pages.filter(\.isCurrent).map(\.number) == [2])
        #expect(pages[2].chrome.pageTitle == "Cats, page 3 of 3 — Blog")
    }

    @Test func aPostLinksToTheListPageThatHoldsItAndItsNeighbours() throws {
        let presenter = SitePresenter(site: try site(count: 45))
        let page = try presenter.postPage(at: 25)
        #expect(page.id == "p_25")
        #expect(page.listPage.url == "/c/page/2/")
        #expect(page.previousPost?.url == "/posts/p_24/")
        #expect(page.nextPost?.url == "/posts/p_26/")
        #expect(try presenter.postPage(at: 0).previousPost == nil)
        #expect(try presenter.postPage(at: 44).nextPost == nil)
    }

    @Test func markdownIsRenderedSafelyByDefault() throws {
        let safe = try SitePresenter(site: try site(count: 1)).postPage(at: 0).bodyHTML.text
        #expect(safe.contains("<h2 id=\"heading-0\">Heading 0 <a class=\"heading-anchor\" href=\"#heading-0\" aria-label=\"Link to this section\">#</a></h2>"))
        #expect(!safe.contains("<b>html</b>"))
        #expect(!safe.contains("javascript:"))
        let unsafe = try SitePresenter(site: try site(count: 1, markdown: .init(unsafeHTML: true))).postPage(at: 0).bodyHTML.text
        #expect(unsafe.contains("<b>html</b>"))
    }

    @Test func feedsCarryTheNewestTwentyAndTheNewestDate() throws {
        let presenter = SitePresenter(site: try site(count: 30))
        let feeds = try presenter.feeds()
        #expect(feeds.count == 2)
        #expect(feeds[0].entries.count == 20)
        #expect(feeds[0].updated == "2020-01-28T00:00:00Z")
        #expect(feeds[1].selfURL == "https://example.org/c/feed.xml")
    }

    @Test func apiListsCountPagesFromZero() throws {
        let lists = SitePresenter(site: try site(count: 45)).apiLists
        #expect(lists.map(\.route.outputPath) == ["api/lists/c/0.json", "api/lists/c/1.json", "api/lists/c/2.json"])
        #expect(lists[1].items.first?.id == "p_20")
    }
}
