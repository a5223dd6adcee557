import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SiteModel
import SitePresentation
import SiteViews
import TestSupport
import Testing

/// A title like `Fish & <Chips> "quoted"` must come out well-formed wherever it lands.
@Suite("Escaping in HTML, XML and JSON")
struct EscapingTests {
    static let hostile = "Fish & <Chips> \"quoted\" 'single' <script>alert(1)</script>"

    private func presenter() throws -> SitePresenter {
        let base = try #require(BaseURL("https://example.org/"))
        let post = Post(id: "fish", category: "food", title: Self.hostile, summary: Self.hostile,
                        body: "Body <script>alert(2)</script> and [link](javascript:alert(3))",
                        date: PostDate(iso8601: "2020-02-02"), sourcePath: "fish.json")
        let config = SiteConfig(title: Self.hostile, baseURL: base, description: Self.hostile)
        return SitePresenter(site: Site(config: config, categories: [
            Category(slug: "food", title: Self.hostile, description: Self.hostile, posts: [post]),
        ]))
    }

    private func renderer() throws -> SiteRenderer {
        SiteRenderer(templates: try TemplateSet(directory: Repository.templates))
    }

    private func text(_ file: RenderedFile) -> String { String(decoding: file.bytes, as: UTF8.self) }

    @Test func htmlPagesEscapeTitlesDescriptionsAndCategoryNames() throws {
        let presenter = try presenter()
        let renderer = try renderer()
        let pages = [renderer.render(presenter.home), renderer.render(try presenter.postPage(at: 0))]
            + presenter.listPages.map(renderer.render)
        for page in pages.map(text) {
            #expect(!page.contains("<script>"), "raw script tag in HTML")
            #expect(!page.contains("<Chips>"))
            #expect(page.contains("Fish &amp; &lt;Chips&gt; &quot;quoted&quot; &#39;single&#39;"))
        }
        let post = text(renderer.render(try presenter.postPage(at: 0)))
        #expect(!post.contains("javascript:"))
        #expect(post.contains("<!-- raw HTML omitted -->"))
    }

    @Test func feedsAreWellFormedXMLThatKeepsTheTitle() throws {
        let presenter = try presenter()
        let renderer = try renderer()
        for feed in try presenter.feeds() {
            let titles = FeedTitles(Data(renderer.render(feed).bytes))
            #expect(titles.isWellFormed, "feed \(feed.route.outputPath) does not parse")
            #expect(titles.titles.contains(Self.hostile))
        }
        let sitemap = renderer.render(presenter.sitemap)
        #expect(XMLParser(data: Data(sitemap[0].bytes)).parse())
    }

    /// A body is written in a CDATA section, which `]]>` would end early:
    /// a reader must still get every body back exactly, that one included.
    @Test func feedContentReadsBackAsTheBodyEvenWhenItHoldsACDATAEnd() throws {
        let presenter = try presenter()
        let renderer = try renderer()
        let feed = try #require(try presenter.feeds().first)
        #expect(FeedTitles(Data(renderer.render(feed).bytes)).contents == feed.entries.map(\.contentHTML.text))
        for body in ["<p>a ]]> b</p>", "]]>", "<p>]]]]>>]]</p>]]>", "<![CDATA[x]]>", "<p>Fish &amp; <b>Chips</b></p>]"] {
            let rendered = renderer.render(feed.withContents([HTML(body)]))
            let parsed = FeedTitles(Data(rendered.bytes))
            #expect(parsed.isWellFormed, "feed with \(body) does not parse")
            #expect(parsed.contents == [body])
        }
    }

    @Test func apiFilesAreJSONThatKeepsTheTitle() throws {
        let presenter = try presenter()
        let renderer = try renderer()
        let post = renderer.render(presenter.apiPost(for: try presenter.postPage(at: 0), at: 0))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(post.bytes)) as? [String: Any])
        #expect(object["title"] as? String == Self.hostile)
        #expect(object["desc"] as? String == Self.hostile)
        #expect(object["date"] as? String == "2020-02-02T00:00:00Z")
        #expect(!text(post).contains("\\/"), "slashes must not be escaped")
        #expect(!text(post).contains("<") && !text(post).contains(">"), "markup in a JSON file")
        #expect(text(post).contains(#"Fish \u0026 \u003cChips\u003e"#))
        let list = renderer.render(presenter.apiLists[0])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(list.bytes)) as? [[String: Any]])
        #expect(items.first?["title"] as? String == Self.hostile)
        let index = renderer.render(presenter.apiIndex)
        let categories = try #require((try JSONSerialization.jsonObject(with: Data(index.bytes)) as? [String: Any])?["categories"] as? [[String: Any]])
        #expect(categories.first?["title"] as? String == Self.hostile)
    }

    /// Every ASCII character, controls included, and text beyond ASCII, in a
    /// title and in a long body: any JSON parser must read back what went in.
    @Test func apiPostsRoundTripEveryCharacter() throws {
        let everyASCII = String(decoding: (1...127).map { UInt8($0) }, as: UTF8.self)
        let title = everyASCII + " é ü 漢字 😀 \u{2028}\u{2029}"
        let base = try #require(BaseURL("https://example.org/"))
        let body = String(repeating: "A [link](/x/?a=1&b=\"2\") <b>raw</b> `code <i>` \\ ünïcödé\n\n", count: 300)
        let post = Post(id: "all", category: "c", title: title, summary: title, body: body,
                        date: PostDate(iso8601: "2020-02-02"), sourcePath: "all.json")
        let presenter = SitePresenter(site: Site(config: SiteConfig(title: "T", baseURL: base),
                                                 categories: [Category(slug: "c", title: "C", posts: [post])]))
        let page = try presenter.postPage(at: 0)
        let file = try renderer().render(presenter.apiPost(for: page, at: 0))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(file.bytes)) as? [String: Any])
        #expect(object["title"] as? String == title)
        #expect(object["body"] as? String == page.bodyHTML.text)
        #expect((object["body"] as? String)?.contains("<a href=\"/x/?a=1&amp;b=%222%22\">link</a>") == true)
        #expect(!text(file).contains("<") && !text(file).contains(">") && !text(file).contains("&"))
        #expect(text(file).hasSuffix("}\n"))
    }

    /// Text is escaped eight bytes at a time: a character that needs escaping
    /// must be found at every place in a group of eight, also as the last
    /// byte of the text and next to text beyond ASCII.
    @Test func apiTitlesKeepEscapedCharactersAtEveryPosition() throws {
        let base = try #require(BaseURL("https://example.org/"))
        let renderer = try renderer()
        for special in ["<", ">", "&", "\"", "\\", "\n", "\r", "\t", "\u{01}", "\u{1F}", "é", "=", "?", "'", "%"] {
            for before in 0...17 {
                let title = String(repeating: "a", count: before) + special + (before % 2 == 0 ? "" : String(repeating: "ü", count: before % 5))
                let post = Post(id: "p", category: "c", title: title, summary: special, body: "",
                                date: nil, sourcePath: "p.json")
                let presenter = SitePresenter(site: Site(config: SiteConfig(title: "T", baseURL: base),
                                                         categories: [Category(slug: "c", title: "C", posts: [post])]))
                let file = renderer.render(presenter.apiPost(for: try presenter.postPage(at: 0), at: 0))
                let object = try #require(try JSONSerialization.jsonObject(with: Data(file.bytes)) as? [String: Any])
                #expect(object["title"] as? String == title, "title \(title.debugDescription)")
                #expect(!text(file).contains("<") && !text(file).contains(">") && !text(file).contains("&"))
                if ["é", "=", "?", "'", "%"].contains(special) { #expect(text(file).contains(title), "\(title) escaped") }
            }
        }
    }
}
