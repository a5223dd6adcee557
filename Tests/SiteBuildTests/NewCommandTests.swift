import Foundation
@testable import SiteBuild
import SiteModel
import TestSupport
import Testing

/// `sitegen new site` and `sitegen new post`, through the binary where a user would see them.
@Suite("sitegen new")
struct NewCommandTests {
    private static func today() -> String {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: .current, from: Date())
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    @Test(arguments: [
        ("Swift: the good parts", "swift-the-good-parts"),
        ("Don't panic!", "dont-panic"),
        ("  Hello,   World  2026 ", "hello-world-2026"),
        ("Café déjà vu", "cafe-deja-vu"),
        ("你好，世界", "ni-hao-shi-jie"),
        ("Привет, мир", "privet-mir"),
        ("😀🎉", "post-2026-12-06"),
        ("---", "post-2026-12-06"),
    ])
    func anIdIsMadeFromTheTitle(title: String, id: String) {
        #expect(PostID.from(title: title, date: "2026-12-06") == id)
    }

    @Test func everyIdIsAValidSlugHoweverLongOrOddTheTitle() {
        let pieces = ["a", "Z", "9", " ", "-", ".", "/", "..", "é", "漢字", "😀", "\u{0}", "\n", "'", "_", String(repeating: "long", count: 30)]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let title = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            let id = PostID.from(title: title, date: "2026-12-06")
            #expect(Slug.isValid(id) && id.count <= PostID.maximumLength + 11, "\(title.debugDescription) gave \(id)")
        }
    }

    @Test func aTitleIsQuotedForYAML() {
        #expect(NewPost.yamlQuoted(#"He said "no": a\b"#) == #""He said \"no\": a\\b""#)
        #expect(NewPost.yamlQuoted("tab\tline\nend\u{2028}") == #""tab\u0009line\u000Aend\u2028""#)
        #expect(NewPost.yamlQuoted("no") == #""no""#)
    }

    @Test func newSiteWritesASiteAndSaysHowToBuildAndServeIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try SitegenProcess.run(["new", "site", "my blog"], in: folder.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("\n  cd 'my blog'\n  sitegen build\n  sitegen serve\n"))
        #expect(folder.exists("my blog/content/site.json"))
        #expect(folder.read("my blog/content/posts/notes/hello-world.md")?.hasPrefix("---\ntitle: \"Hello, world\"\n") == true)
        #expect(folder.read("my blog/content/static/.nojekyll") == "")
        #expect(!folder.exists("my blog/templates"))
    }

    @Test func aNewSiteBuildsWithNoTemplatesAndANewPostShowsAsADraft() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(try SitegenProcess.run(["new", "site", "blog"], in: folder.path).status == 0)
        let site = folder.path + "/blog"
        let built = try SitegenProcess.run(["build"], in: site)
        #expect(built.status == 0, "\(built.standardError)")
        #expect(built.standardError == "")
        #expect(folder.read("blog/public/posts/hello-world/index.html")?.contains("<h1>Hello, world</h1>") == true)
        #expect(folder.read("blog/public/index.html")?.contains("Hello, world") == true)
        #expect(folder.read("blog/public/.nojekyll") == "")
        #expect(folder.exists("blog/public/assets/style.css"))

        let made = try SitegenProcess.run(["new", "post", "Second thoughts"], in: site)
        #expect(made.standardOutput == "content/posts/notes/second-thoughts.md\n")
        #expect(try SitegenProcess.run(["build"], in: site).status == 0)
        #expect(!folder.exists("blog/public/posts/second-thoughts/index.html"), "a new post is a draft")
        #expect(try SitegenProcess.run(["build", "--drafts"], in: site).status == 0)
        #expect(folder.read("blog/public/posts/second-thoughts/index.html")?.contains("<h1>Second thoughts</h1>") == true)
    }

    @Test func newSiteRefusesAFolderThatIsNotEmpty() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("blog/notes.txt", "mine\n")
        let result = try SitegenProcess.run(["new", "site", "blog"], in: folder.path)
        #expect(result.status == 1)
        #expect(result.standardError == "blog: error: the folder is not empty; 'sitegen new site' writes only into a new or empty folder\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/blog") == ["notes.txt"])
    }

    @Test func newPostWritesADraftAndNeverOverwrites() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("content/posts/notes/first.json", ContentFixture.postJSON(title: "First"))
        let first = try SitegenProcess.run(["new", "post", #"Swift: "the" good parts"#], in: folder.path)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput == "content/posts/notes/swift-the-good-parts.md\n")
        #expect(folder.read("content/posts/notes/swift-the-good-parts.md") == """
            ---
            title: "Swift: \\"the\\" good parts"
            desc: ""
            date: \(Self.today())
            draft: true
            ---


            """)
        let again = try SitegenProcess.run(["new", "post", "Swift, the good parts"], in: folder.path)
        #expect(again.standardOutput == "content/posts/notes/swift-the-good-parts-2.md\n")
        #expect(folder.read("content/posts/notes/swift-the-good-parts.md")?.contains(#"\"the\""#) == true)
        let taken = try SitegenProcess.run(["new", "post", "first"], in: folder.path)
        #expect(taken.standardOutput == "content/posts/notes/first-2.md\n")
        let chinese = try SitegenProcess.run(["new", "post", "你好，世界"], in: folder.path)
        #expect(chinese.standardOutput == "content/posts/notes/ni-hao-shi-jie.md\n")
        let emoji = try SitegenProcess.run(["new", "post", "🎉🎉"], in: folder.path)
        #expect(emoji.standardOutput == "content/posts/notes/post-\(Self.today()).md\n")
        let emojiAgain = try SitegenProcess.run(["new", "post", "🎉"], in: folder.path)
        #expect(emojiAgain.standardOutput == "content/posts/notes/post-\(Self.today())-2.md\n")
    }

    @Test func newPostNeedsAKnownCategoryWhenThereAreSeveral() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/content/posts/notes/a.json", ContentFixture.postJSON(title: "A"))
        try folder.write("site/content/posts/links/b.json", ContentFixture.postJSON(title: "B"))
        let unnamed = try SitegenProcess.run(["new", "post", "Hello", "--content", "site/content"], in: folder.path)
        #expect(unnamed.status == 1)
        #expect(unnamed.standardError == "site/content/posts: error: name the post's category with --category SLUG; the categories are links, notes\n")
        let unknown = try SitegenProcess.run(["new", "post", "Hello", "--category", "news", "--content", "site/content"], in: folder.path)
        #expect(unknown.status == 1)
        #expect(unknown.standardError == "site/content/posts: error: there is no category 'news'; the categories are links, notes\n")
        let named = try SitegenProcess.run(["new", "post", "Hello", "--category=links", "--content", "site/content"], in: folder.path)
        #expect(named.standardOutput == "site/content/posts/links/hello.md\n")
        let id = try SitegenProcess.run(["new", "post", "b", "--category", "notes", "--content", "site/content"], in: folder.path)
        #expect(id.standardOutput == "site/content/posts/notes/b-2.md\n", "ids are unique across categories")
    }

    @Test func aBadNewCommandLineIsAUsageError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for arguments in [["new"], ["new", "site"], ["new", "page", "x"], ["new", "post"], ["new", "post", " "], ["new", "post", "a", "b"],
                          ["new", "site", "x", "--category", "y"]] {
            let result = try SitegenProcess.run(arguments, in: folder.path)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardError.hasPrefix("sitegen: "), "\(arguments)")
        }
    }
}
