import Foundation
import SiteBuild
import TestSupport
import Testing

/// Builds the shipped seed blog once and looks at it as a reader would.
@Suite("Seed site, end to end")
struct SeedSiteTests {
    static let built: Result<(TemporaryFolder, BuildReport), Error> = Result {
        let folder = try TemporaryFolder("sitegen-seed")
        var options = BuildOptions()
        options.contentDirectory = Repository.content
        options.templatesDirectory = Repository.templates
        options.outputDirectory = folder.path + "/public"
        return (folder, try Build(options: options).run())
    }

    private func output() throws -> TemporaryFolder {
        let (folder, _) = try Self.built.get()
        return try TemporaryFolder(wrapping: folder.path + "/public")
    }

    @Test func writesEveryPageOfTheContract() throws {
        let site = try output()
        let (_, report) = try Self.built.get()
        let posts = try FileManager.default.contentsOfDirectory(atPath: site.path + "/posts")
        #expect(posts.count == 400)
        for category in ["ui", "network", "tool", "autolayout"] {
            #expect(site.exists("\(category)/index.html"))
            #expect(!site.exists("\(category)/page/1/index.html"))
            for page in 2...5 { #expect(site.exists("\(category)/page/\(page)/index.html")) }
            #expect(!site.exists("\(category)/page/6/index.html"))
        }
        for file in ["index.html", "404.html", "search/index.html", "assets/style.css"] { #expect(site.exists(file), "\(file)") }
        #expect(site.exists("tags/index.html"))
        #expect(site.exists("tags/架构/index.html"))
        // Home, 404, 400 posts, 20 category pages, the search page, the tag index and 44 pages of 7 tags.
        #expect(report.pages == 1 + 1 + 400 + 20 + 1 + 1 + 44)
    }

    @Test func pageTwoOfNetworkListsPostsTwentyToThirtyNineInOrder() throws {
        let html = try #require(try output().read("network/page/2/index.html"))
        let linked = SiteLinks.links(in: html).filter { $0.hasPrefix("/posts/") }
        #expect(linked == (20...39).map { "/posts/network_\($0)/" })
        #expect(html.contains("Page 2 of 5"))
        #expect(html.contains("<link rel=\"prev\" href=\"/network/\">"))
        #expect(html.contains("<link rel=\"next\" href=\"/network/page/3/\">"))
    }

    @Test func everyInternalLinkResolvesToAWrittenFile() throws {
        let site = try output()
        let links = SiteLinks(root: site.path, basePath: "/")
        #expect(links.htmlFiles().count == 468)
        #expect(links.brokenLinks() == [])
    }

    @Test func aPostPageShowsItsRenderedBodyAndWhereItIsListed() throws {
        let html = try #require(try output().read("posts/ui_25/index.html"))
        #expect(html.contains("<h1>title_ui_25</h1>"))
        #expect(html.contains("<h2 id=\"hello-ios122\">Hello iOS122 <a class=\"heading-anchor\" href=\"#hello-ios122\" aria-label=\"Link to this section\">#</a></h2>"))
        #expect(html.contains("<img src=\"https://raw.githubusercontent.com/ios122/ios122/master/1443002712802.png\" alt=\"qq\" />"))
        #expect(html.contains("<a href=\"/ui/page/2/\">UI</a>"))
        #expect(html.contains("href=\"/posts/ui_24/\" rel=\"prev\""))
        #expect(html.contains("href=\"/posts/ui_26/\" rel=\"next\""))
        #expect(html.contains("<html lang=\"en\">"))
        #expect(html.contains("<meta name=\"description\" content=\"desc_ui_25\">"))
    }

    @Test func theHomePageCountsEachCategory() throws {
        let html = try #require(try output().read("index.html"))
        for title in ["UI", "Network", "Tools", "Auto Layout"] {
            #expect(html.contains(">\(title)</a> <span class=\"count\">100 posts</span>"), "\(title)")
        }
        #expect(html.contains("href=\"/posts/ui_0/\""))
    }

    @Test func aPostPageCarriesItsSocialCardAndStructuredData() throws {
        let html = try #require(try output().read("posts/ui_0/index.html"))
        let tags = HTMLTag.all(in: html)
        #expect(HTMLTag.meta("og:type", in: tags) == ["article"])
        #expect(HTMLTag.meta("og:url", in: tags) == ["https://ios122.example.org/posts/ui_0/"])
        #expect(HTMLTag.meta("og:title", in: tags) == ["title_ui_0"])
        #expect(HTMLTag.meta("article:published_time", in: tags) == ["2015-10-14T08:30:00Z"])
        #expect(HTMLTag.meta("article:modified_time", in: tags) == ["2015-10-16T08:30:00Z"])
        #expect(HTMLTag.meta("article:tag", in: tags) == ["Swift", "UIKit"])
        #expect(HTMLTag.meta("og:image", in: tags) == ["https://raw.githubusercontent.com/ios122/ios122/master/1443002712802.png"])
        let feeds = tags.filter { $0.name == "link" && $0.attributes["rel"] == "alternate" }.compactMap { $0.attributes["href"] }
        #expect(feeds == ["/feed.xml", "/ui/feed.xml"])
        let script = try #require(tags.first { $0.name == "script" && $0.attributes["type"] == "application/ld+json" })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(script.text.utf8)) as? [String: Any])
        #expect(object["@type"] as? String == "BlogPosting")
        #expect(object["headline"] as? String == "title_ui_0")
        #expect((object["author"] as? [String: Any])?["name"] as? String == "Lin Feng")
        #expect(object["keywords"] as? String == "Swift, UIKit")
        let home = HTMLTag.all(in: try #require(try output().read("index.html")))
        #expect(HTMLTag.meta("og:type", in: home) == ["website"])
        #expect(HTMLTag.meta("og:url", in: home) == ["https://ios122.example.org/"])
    }

    @Test func aChinesePostHasAnchoredHeadingsATableOfContentsTagsAndItsReadingTime() throws {
        let html = try #require(try output().read("posts/ui_0/index.html"))
        let tags = HTMLTag.all(in: html)
        let ids = tags.compactMap { $0.attributes["id"] }
        #expect(ids.contains("为什么需要视图模型"))
        let tocLinks = tags.filter { $0.name == "a" }.compactMap { $0.attributes["href"] }.filter { $0.hasPrefix("#") }
        #expect(tocLinks.contains("#为什么需要视图模型"))
        for link in tocLinks { #expect(ids.contains(String(link.dropFirst()).removingPercentEncoding ?? ""), "\(link)") }
        #expect(tags.contains { $0.name == "a" && $0.attributes["href"] == "/tags/swift/" && $0.attributes["rel"] == "tag" })
        #expect(html.contains("1 min read"))
        #expect(html.contains("by Lin Feng"))
        #expect(html.contains("CC BY 4.0"))
        let api = try #require(try output().read("api/posts/ui_0.json"))
        let post = try #require(try JSONSerialization.jsonObject(with: Data(api.utf8)) as? [String: Any])
        #expect(post["tags"] as? [String] == ["Swift", "UIKit"])
        #expect(post["author"] as? String == "Lin Feng")
        #expect((post["readingMinutes"] as? Int ?? 0) >= 1)
    }

    @Test func tagPagesFeedsAndAPIFilesAreWritten() throws {
        let site = try output()
        let index = try #require(site.read("api/tags/index.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(index.utf8)) as? [String: Any])
        let entries = try #require(object["tags"] as? [[String: Any]])
        #expect(entries.compactMap { $0["slug"] as? String } == ["auto-layout", "networking", "swift", "testing", "uikit", "xcode", "架构"])
        #expect(entries.first { $0["slug"] as? String == "swift" }?["name"] as? String == "Swift")
        let list = try #require(site.read("api/tags/swift/0.json"))
        let items = try #require(try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [[String: Any]])
        #expect(items.count == 20)
        #expect(Set(items[0].keys).isSuperset(of: ["id", "title", "desc"]))
        #expect(site.exists("tags/swift/feed.xml"))
        #expect(site.exists("tags/架构/feed.xml"))
        let sitemap = try #require(site.read("sitemap.xml"))
        #expect(sitemap.contains("<loc>https://ios122.example.org/tags/%E6%9E%B6%E6%9E%84/</loc>"))
        #expect(sitemap.contains("<loc>https://ios122.example.org/posts/ui_0/</loc><lastmod>2015-10-16T08:30:00Z</lastmod>"))
    }
}
