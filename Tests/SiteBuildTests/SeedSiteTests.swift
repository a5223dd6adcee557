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
        #expect(report.pages == 1 + 1 + 400 + 20 + 1)
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
        #expect(links.htmlFiles().count == 423)
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
}
