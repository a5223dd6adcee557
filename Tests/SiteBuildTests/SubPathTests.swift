import Foundation
import SiteBuild
import TestSupport
import Testing

@Suite("Sub-path base URL")
struct SubPathTests {
    @Test func everyInternalLinkCarriesTheSubPathAndResolves() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.path + "/public"
        try Builder.build(output: output, baseURL: "https://example.org/blog/")
        let links = SiteLinks(root: output, basePath: "/blog/")
        #expect(links.brokenLinks() == [])
        let home = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
        #expect(home.contains("href=\"/blog/assets/style.css\""))
        #expect(home.contains("href=\"/blog/feed.xml\""))
        #expect(home.contains("<link rel=\"canonical\" href=\"https://example.org/blog/\">"))
        let sitemap = try String(contentsOfFile: output + "/sitemap.xml", encoding: .utf8)
        #expect(sitemap.contains("<loc>https://example.org/blog/posts/ui_0/</loc>"))
        let feed = try String(contentsOfFile: output + "/feed.xml", encoding: .utf8)
        #expect(feed.contains("href=\"https://example.org/blog/feed.xml\""))
        let index = try String(contentsOfFile: output + "/api/index.json", encoding: .utf8)
        #expect(index.contains("\"url\":\"/blog/api/lists/ui/0.json\""))
    }
}
