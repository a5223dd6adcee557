import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SiteBuild
import TestSupport
import Testing

/// Whole builds of input at the edges: a huge body and titles beyond the
/// Basic Multilingual Plane come out complete in every file they reach.
@Suite("Big and odd input, end to end", .timeLimit(.minutes(1)))
struct BigInputBuildTests {
    private func site(post: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("content/site.json", ContentFixture.siteJSON())
        try folder.write("content/posts/notes/big.json", post)
        return folder
    }

    private func read(_ folder: TemporaryFolder, _ path: String) -> String {
        folder.read("public/" + path) ?? ""
    }

    /// Mostly prose, as long bodies are; the JSON is assembled by hand
    /// because encoding 20 MB through Foundation would dwarf the build.
    @Test func buildsATwentyMegabyteBody() throws {
        let paragraph = String(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", count: 10) + "*Fin.*\\n\\n"
        let body = String(repeating: paragraph, count: 20_000_000 / paragraph.utf8.count) + "The last paragraph."
        let folder = try site(post: #"{"title": "Long", "desc": "d", "body": ""# + body + "\"}")
        defer { folder.remove() }
        try Builder.build(content: folder.path + "/content", output: folder.path + "/public")
        let page = try #require(FileManager.default.contents(atPath: folder.path + "/public/posts/big/index.html"))
        #expect(page.count > 20_000_000)
        #expect(String(decoding: page.suffix(2_000), as: UTF8.self).contains("<em>Fin.</em></p>\n<p>The last paragraph.</p>"))
        let api = try #require(FileManager.default.contents(atPath: folder.path + "/public/api/posts/big.json"))
        #expect(api.count > 20_000_000)
        #expect(String(decoding: api.suffix(100), as: UTF8.self).hasSuffix(#"\u003cp\u003eThe last paragraph.\u003c/p\u003e\n"}"# + "\n"))
    }

    @Test func emojiInTitlesReachEveryFileIntact() throws {
        let title = "Launch 🚀 day \u{1F389} 𝄞"
        let folder = try site(post: ContentFixture.postJSON(title: title, desc: "👋🏽 hello"))
        defer { folder.remove() }
        try Builder.build(content: folder.path + "/content", output: folder.path + "/public")
        #expect(read(folder, "posts/big/index.html").contains("<h1>\(title)</h1>"))
        #expect(read(folder, "notes/index.html").contains(title))
        #expect(read(folder, "api/posts/big.json").contains(title), "written as UTF-8, not as escapes")
        let api = try #require(try JSONSerialization.jsonObject(with: Data(read(folder, "api/posts/big.json").utf8)) as? [String: Any])
        #expect(api["title"] as? String == title)
        let feed = FeedTitles(Data(read(folder, "feed.xml").utf8))
        #expect(feed.isWellFormed)
        #expect(feed.titles.contains(title))
    }
}
