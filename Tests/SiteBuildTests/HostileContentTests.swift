import Foundation
import SiteBuild
import TestSupport
import Testing

/// Markup smuggled into every field a blogger controls must come out as
/// text, never as a live tag, in every file of the built site.
@Suite("Hostile content, end to end")
struct HostileContentTests {
    static let tag = "<script>alert(1)</script>"
    static let body = """
        Hello <script>alert(2)</script> there.

        <SCRIPT src="https://evil.example/x.js"></SCRIPT>

        <img src="x" onerror="alert(3)">

        [one](javascript:alert(4)) [two](vbscript:msgbox) [three](file:///etc/passwd) [fine](https://example.org/)
        """

    /// A site whose title, description, category title, post title, desc
    /// and body all carry a script tag.
    private func writeSite(in folder: TemporaryFolder, unsafeHTML: Bool = false) throws {
        let settings: [String: Any] = [
            "title": "Blog " + Self.tag,
            "baseURL": "https://example.org/",
            "description": "About " + Self.tag,
            "categories": [["slug": "news", "title": "News " + Self.tag, "description": "All " + Self.tag]],
            "markdown": ["unsafeHTML": unsafeHTML],
        ]
        try folder.write("content/site.json", bytes: [UInt8](try JSONSerialization.data(withJSONObject: settings)))
        try folder.write("content/posts/news/evil.json",
                         ContentFixture.postJSON(title: "Title " + Self.tag, desc: "Desc " + Self.tag, body: Self.body))
        try folder.write("content/posts/news/plain.json", ContentFixture.postJSON(title: "Plain", date: "2019-01-01"))
    }

    private func build(_ folder: TemporaryFolder) throws -> [String: String] {
        try Builder.build(content: folder.path + "/content", output: folder.path + "/public")
        return TreeSnapshot(folder.path + "/public").contents
            .filter { path, _ in [".html", ".xml", ".json", ".txt"].contains { path.hasSuffix($0) } }
            .mapValues { String(decoding: $0, as: UTF8.self) }
    }

    @Test func noFileOfTheSiteHoldsAScriptTag() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try writeSite(in: folder)
        let files = try build(folder)
        #expect(files.count > 10)
        // The search page's own script is the one script tag of the site.
        let ownScript = "<script src=\"/assets/search.js\" defer></script>"
        #expect(files["search/index.html"]?.contains(ownScript) == true)
        for (path, text) in files {
            // JSON-LD is data, not a script a browser runs; what it holds is JSON-escaped (no `<` in it).
            let scripts = text.replacingOccurrences(of: ownScript, with: "").lowercased()
                .replacingOccurrences(of: "<script type=\"application/ld+json\">", with: "")
            #expect(!scripts.contains("<script"), "a script tag in \(path)")
            #expect(!text.contains("onerror="), "an event handler in \(path)")
            #expect(!text.contains("javascript:") && !text.contains("vbscript:") && !text.contains("file:"), "a dangerous link in \(path)")
        }
        let page = try #require(files["posts/evil/index.html"])
        #expect(page.contains("Title &lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(page.contains("<a href=\"https://example.org/\">fine</a>"))
        #expect(page.contains("<!-- raw HTML omitted -->"))
        let list = try #require(files["news/index.html"])
        #expect(list.contains("News &lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(list.contains("Desc &lt;script&gt;"))
    }

    @Test func theAPIStillReadsBackTheOriginalText() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try writeSite(in: folder)
        let files = try build(folder)
        let post = try #require(try JSONSerialization.jsonObject(with: Data((files["api/posts/evil.json"] ?? "").utf8)) as? [String: Any])
        #expect(post["title"] as? String == "Title " + Self.tag)
        #expect(post["desc"] as? String == "Desc " + Self.tag)
        let index = try #require(try JSONSerialization.jsonObject(with: Data((files["api/index.json"] ?? "").utf8)) as? [String: Any])
        #expect(index["title"] as? String == "Blog " + Self.tag)
    }

    /// The opt-out works, and only for the body: titles stay escaped.
    @Test func unsafeHTMLPassesTheBodysMarkupAndNothingElse() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try writeSite(in: folder, unsafeHTML: true)
        let files = try build(folder)
        let page = try #require(files["posts/evil/index.html"])
        #expect(page.contains("Hello <script>alert(2)</script> there."))
        #expect(page.components(separatedBy: "<script").count == 3, "the body's and the JSON-LD's")
        #expect(page.components(separatedBy: "<script type=\"application/ld+json\">").count == 2)
        #expect(page.contains("Title &lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(files["news/index.html"].map { !$0.contains("<script") } == true)
    }

    /// The JSON-LD sits in a script element: markup and the two JavaScript
    /// line breaks (U+2028, U+2029) are written as escapes there, anything
    /// else as it is, and a parser reads back what the post says.
    @Test func theJSONLDHoldsNoMarkupAndNoRawLineSeparators() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("content/site.json", ContentFixture.siteJSON(baseURL: "https://example.org/"))
        try folder.write("content/posts/news/odd.json", #"""
            {"title": "One\u2028two\u2029three \u2014 <b>four</b>", "desc": "d", "body": "Hello.",
             "date": "2020-01-01", "tags": ["a<b", "c&d"]}
            """#)
        let files = try build(folder)
        let page = try #require(files["posts/odd/index.html"])
        let start = try #require(page.range(of: "<script type=\"application/ld+json\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let json = String(page[start.upperBound..<end.lowerBound])
        #expect(json.contains(#"One\u2028two\u2029three — \u003cb\u003efour"#))
        #expect(!json.contains("\u{2028}") && !json.contains("\u{2029}"))
        #expect(!json.contains("<") && !json.contains(">") && !json.contains("&"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["headline"] as? String == "One\u{2028}two\u{2029}three \u{2014} <b>four</b>")
        #expect(object["keywords"] as? String == "a<b, c&d")
    }
}
