import SiteModel
import SitePresentation
import Testing

@Suite("Paging")
struct PagingTests {
    @Test func cutsAHundredPostsIntoFivePagesOfTwenty() {
        let pages = Paginator.pages(itemsPerPage: 20, numberOfItems: 100)
        #expect(pages.count == 5)
        #expect(pages.map(\.itemRange) == [0..<20, 20..<40, 40..<60, 60..<80, 80..<100])
        #expect(pages[0].previous == nil && pages[0].next == 2)
        #expect(pages[4].previous == 4 && pages[4].next == nil)
    }

    @Test func keepsTheShortLastPageAndAnEmptyFirstPage() {
        #expect(Paginator.pages(itemsPerPage: 20, numberOfItems: 41).map(\.itemRange.count) == [20, 20, 1])
        let empty = Paginator.pages(itemsPerPage: 20, numberOfItems: 0)
        #expect(empty.count == 1 && empty[0].itemRange.isEmpty)
    }

    @Test func linksEveryPageOfShortListsAndAWindowOfLongOnes() {
        #expect(Paginator(number: 3, itemsPerPage: 1, numberOfItems: 5).pageWindow() == [1, 2, 3, 4, 5])
        #expect(Paginator(number: 50, itemsPerPage: 1, numberOfItems: 100).pageWindow() == [1, nil, 48, 49, 50, 51, 52, nil, 100])
        #expect(Paginator(number: 1, itemsPerPage: 1, numberOfItems: 100).pageWindow() == [1, 2, 3, nil, 100])
    }

    @Test func listPagesLiveAtTheCategoryRootAndUnderPage() throws {
        let base = try #require(BaseURL("https://example.org/blog/"))
        let links = Permalinks(base: base)
        #expect(links.category("ui").url == "/blog/ui/")
        #expect(links.category("ui", page: 1).outputPath == "ui/index.html")
        #expect(links.category("ui", page: 2) == Route(url: "/blog/ui/page/2/", outputPath: "ui/page/2/index.html"))
        #expect(links.post("ui_1") == Route(url: "/blog/posts/ui_1/", outputPath: "posts/ui_1/index.html"))
        #expect(links.apiList("ui", pageIndex: 0).outputPath == "api/lists/ui/0.json")
        #expect(links.absolute(links.siteFeed) == "https://example.org/blog/feed.xml")
    }
}
