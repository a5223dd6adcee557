import SiteModel
import SitePresentation
import Testing

/// Tag pages as a reader follows them: paged like categories, percent-encoded
/// URLs for any script, and a table of contents from a body's headings.
@Suite("Tag pages and table of contents")
struct TagPagesTests {
    private func site(postCount: Int) throws -> Site {
        let base = try #require(BaseURL("https://example.org/blog/"))
        let posts = (0..<postCount).map { index in
            Post(id: "p_\(index)", category: "c", title: "Post \(index)", summary: "S", body: "Body",
                 date: PostDate(iso8601: String(format: "2020-01-%02d", 28 - index % 28)),
                 details: PostDetails(tags: ["视图", "Swift"], readingLength: ReadingLength(words: 460 * index)),
                 sourcePath: "p_\(index).json")
        }
        let category = Category(slug: "c", title: "C", posts: posts)
        let tags = ["swift", "视图"].map { slug in
            Tag(slug: slug, name: slug == "swift" ? "Swift" : slug, posts: posts)
        }
        return Site(config: SiteConfig(title: "T", baseURL: base, pageSize: 10), categories: [category], tags: tags)
    }

    @Test func aTagIsPagedLikeACategoryWithPercentEncodedURLs() throws {
        let presenter = SitePresenter(site: try site(postCount: 25))
        let pages = presenter.tagPlaces.map(presenter.tagPage(at:))
        #expect(pages.count == 6)
        let chinese = pages[3...].map(\.route)
        #expect(chinese.map(\.outputPath) == ["tags/视图/index.html", "tags/视图/page/2/index.html", "tags/视图/page/3/index.html"])
        #expect(chinese[1].url == "/blog/tags/%E8%A7%86%E5%9B%BE/page/2/")
        #expect(pages[0].posts.count == 10)
        #expect(pages[2].posts.map(\.id) == ["p_20", "p_21", "p_22", "p_23", "p_24"])
        #expect(pages[0].nextPage?.url == "/blog/tags/swift/page/2/")
        #expect(presenter.apiTagList(at: presenter.tagPlaces[1]).route.outputPath == "api/tags/swift/1.json")
        #expect(presenter.tagIndex.tags.map(\.postCount) == [25, 25])
    }

    @Test func summariesCarryTagsAndReadingTime() throws {
        let presenter = SitePresenter(site: try site(postCount: 3))
        let summary = try #require(presenter.listPages.first?.posts.last)
        #expect(summary.tags.map(\.title) == ["视图", "Swift"])
        #expect(summary.tags.map(\.url) == ["/blog/tags/%E8%A7%86%E5%9B%BE/", "/blog/tags/swift/"])
        #expect(summary.readingMinutes == 4)
        #expect(summary.wordCount == 920)
        #expect(presenter.listPages.first?.posts.first?.readingMinutes == 1, "never less than a minute")
    }

    @Test func theTableOfContentsNestsH3UnderH2AndLeavesOtherLevelsOut() throws {
        let site = try site(postCount: 1)
        let body = "# Top\n\n### Early\n\n### Early too\n\n## One\n\n### One.a\n\n#### Deep\n\n## Two\n"
        let post = Post(id: "x", category: "c", title: "X", summary: "S", body: body, date: nil, sourcePath: "x.json")
        let presenter = SitePresenter(site: Site(config: site.config, categories: [Category(slug: "c", title: "C", posts: [post])]))
        let page = try presenter.postPage(at: 0)
        #expect(page.toc.map(\.title) == ["Early", "Early too", "One", "Two"])
        #expect(page.toc.map(\.children.count) == [0, 0, 1, 0])
        #expect(page.toc[2].children.first?.url == "#onea")
        #expect(page.headingCount == 7)
    }

    @Test func theFirstImageBecomesAnAbsoluteURL() throws {
        let site = try site(postCount: 1)
        func image(_ body: String) throws -> String? {
            let post = Post(id: "x", category: "c", title: "X", summary: "S", body: body, date: nil, sourcePath: "x.json")
            let presenter = SitePresenter(site: Site(config: site.config, categories: [Category(slug: "c", title: "C", posts: [post])]))
            return try presenter.postPage(at: 0).imageURL
        }
        #expect(try image("Text [link](/a/) ![a](pic.png) ![b](/other.png)") == "https://example.org/blog/posts/x/pic.png")
        #expect(try image("![b](/blog/img/b.png)") == "https://example.org/blog/img/b.png")
        #expect(try image("![c](https://cdn.example.com/c.png)") == "https://cdn.example.com/c.png")
        #expect(try image("No image.") == nil)
    }
}
