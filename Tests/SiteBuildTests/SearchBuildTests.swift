import Foundation
import SiteBuild
import TestSupport
import Testing

/// The search index as a build writes it: what it holds, what an edit
/// rewrites, and that a site can do without it.
@Suite("Search index in a build")
struct SearchBuildTests {
    private func site(in folder: TemporaryFolder) throws -> String {
        try folder.write("content/site.json", ContentFixture.siteJSON(baseURL: "https://example.org/blog/"))
        try folder.write("content/posts/notes/swift.json",
                         ContentFixture.postJSON(title: "Swift caching", desc: "Keeping responses",
                                                 body: "## Headers\n\nThe cache keeps it.\n\n```\nsecretword\n```\n", date: "2024-01-02"))
        try folder.write("content/posts/notes/chinese.json",
                         ContentFixture.postJSON(title: "静态网站", body: "用 Swift 写。", date: "2024-01-01"))
        try folder.write("content/posts/notes/draft.json",
                         "{\"title\": \"Hidden draftword\", \"desc\": \"d\", \"body\": \"draftword\", \"draft\": true}")
        return folder.path + "/content"
    }

    private func json(_ folder: TemporaryFolder, _ path: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(try #require(folder.read(path)).utf8))
    }

    @Test func theIndexHoldsWhatReadersSeeAndNoDrafts() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let content = try site(in: folder)
        var options = Builder.options(content: content, output: folder.path + "/public")
        options.includeDrafts = true
        _ = try Build(options: options).run()

        let manifest = try #require(try json(folder, "public/search/index.json") as? [String: Any])
        #expect(manifest["n"] as? Int == 2)
        #expect(manifest["a"] as? String == "/blog/api/posts/")
        let keys = try #require(manifest["k"] as? [String])
        var terms: [String: String] = [:]
        for key in keys {
            let name = key.utf8.map { String(format: "%02x", $0) }.joined()
            let chunk = try #require(try json(folder, "public/search/t/\(name).json") as? [String: String])
            terms.merge(chunk) { first, _ in first }
        }
        #expect(terms["swift"] != nil && terms["cache"] != nil && terms["headers"] != nil)
        #expect(terms["网站"] != nil && terms["态网"] != nil)
        #expect(terms["secretword"] == nil, "code blocks are left out")
        #expect(terms["draftword"] == nil && terms["hidden"] == nil, "drafts are never indexed")
        // Numbered oldest first: the Chinese post is 0, the Swift post 1. Post 1 alone is a gap of 2 from
        // -1, written (2 - 1) << 1 | strong: "3" in its title and headings, "2" in its body.
        #expect(terms["caching"] == "3")
        #expect(terms["headers"] == "3")
        #expect(terms["cache"] == "2")
        let documents = try #require(try json(folder, "public/search/d/0.json") as? [[Any]])
        #expect(documents.map { $0[0] as? String } == ["chinese", "swift"])
        #expect(documents[1][2] as? String == "/blog/posts/swift/")
        let page = try #require(folder.read("public/search/index.html"))
        #expect(page.contains("data-index=\"/blog/search/index.json\""))
        #expect(page.contains("src=\"/blog/assets/search.js\""))
        #expect(try #require(folder.read("public/index.html")).contains("action=\"/blog/search/\""))
    }

    @Test func anEditRewritesOnlyTheChunksItChanges() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let content = try site(in: folder)
        let output = folder.path + "/public"
        try Builder.build(content: content, output: output)
        let before = TreeSnapshot(output)
        try Builder.editBody(of: content + "/posts/notes/swift.json", to: "## Headers\n\nThe cache keeps it, zebra.\n")
        try Builder.build(content: content, output: output)
        let rewritten = TreeSnapshot(output).rewritten(since: before).filter { $0.hasPrefix("search/") }
        #expect(rewritten == ["search/index.json", "search/t/7a.json"])
    }

    /// A rebuild with nothing the index is made of changed keeps its files
    /// without assembling the index: a term changed in the term cache (its
    /// key kept) is not read, where assembling would write it into a chunk.
    /// A title edit or a file missing from the output makes the next build
    /// write the index again.
    @Test func aNoOpRebuildKeepsTheIndexFilesAndAnEditWritesThemAgain() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let content = try site(in: folder)
        let output = folder.path + "/public"
        try Builder.build(content: content, output: output)
        let cacheURL = URL(fileURLWithPath: folder.path + "/.sitegen/public/search-cache")
        var cache = try Data(contentsOf: cacheURL)
        let term = try #require(cache.range(of: Data("keeps".utf8)))
        cache.replaceSubrange(term, with: Data("keepz".utf8))
        try cache.write(to: cacheURL)
        let before = TreeSnapshot(output)
        try Builder.build(content: content, output: output)
        #expect(TreeSnapshot(output).rewritten(since: before).filter { $0.hasPrefix("search/") } == [])
        let chunks = try FileManager.default.contentsOfDirectory(atPath: output + "/search/t")
        #expect(!chunks.isEmpty && chunks.allSatisfy { folder.read("public/search/t/" + $0)?.contains("keepz") == false })

        try folder.write("content/posts/notes/swift.json",
                         ContentFixture.postJSON(title: "Swift memoizing", desc: "Keeping responses",
                                                 body: "## Headers\n\nThe cache keeps it.\n", date: "2024-01-02"))
        try Builder.build(content: content, output: output)
        let documents = try #require(try json(folder, "public/search/d/0.json") as? [[Any]])
        #expect(documents.map { $0[1] as? String } == ["静态网站", "Swift memoizing"])
        let manifest = try #require(try json(folder, "public/search/index.json") as? [String: Any])
        #expect(manifest["n"] as? Int == 2)

        try folder.write("public/search/d/0.json", bytes: Array(repeating: UInt8(ascii: " "), count: 3))
        try Builder.build(content: content, output: output)
        #expect((try json(folder, "public/search/d/0.json") as? [[Any]])?.count == 2, "a file changed behind the build is written again")
    }

    /// The terms of every chunk the manifest lists, as a query would find them.
    private func indexedTerms(_ folder: TemporaryFolder, output: String) throws -> [String: String] {
        let manifest = try #require(try json(folder, output + "/search/index.json") as? [String: Any])
        var terms: [String: String] = [:]
        for key in try #require(manifest["k"] as? [String]) {
            let name = key.utf8.map { String(format: "%02x", $0) }.joined()
            let chunk = try #require(try json(folder, output + "/search/t/\(name).json") as? [String: String])
            terms.merge(chunk) { first, _ in first }
        }
        return terms
    }

    /// `sitegen serve` keeps the index between builds: an edit writes the
    /// chunks of the words it added or removed and the manifest, removes the
    /// chunks left empty, and leaves the tree a clean build would make.
    @Test func aWarmEditWritesOnlyItsChunksAndRemovesEmptiedOnes() throws {
        let (folder, content, _, options, memory, build) = try Builder.warmSite(content: site)
        defer { memory.release(); folder.remove() }
        _ = try build.run(keeping: memory, changes: .everything)
        #expect(folder.exists("site/search/t/68.json") && folder.exists("site/search/t/69.json"))

        // "headers" and "it" were the only words beginning with h and i; "titles" joins "the", "zebra" is new.
        let post = content + "/posts/notes/swift.json"
        try Builder.editBody(of: post, to: "## Titles\n\nThe cache keeps zebra.\n")
        let edit = try build.run(keeping: memory, changes: .paths([post]))
        #expect(Set(edit.written.filter { $0.hasPrefix("search/") })
                == ["search/index.json", "search/t/74.json", "search/t/7a.json"])
        #expect(Set(edit.removed) == ["search/t/68.json", "search/t/69.json"])
        #expect(edit.written.contains("api/posts/swift.json"), "the snippet's text")
        let terms = try indexedTerms(folder, output: "site")
        #expect(terms["zebra"] != nil && terms["titles"] != nil)
        #expect(terms["headers"] == nil && terms["it"] == nil)
        #expect(!folder.exists("site/search/t/68.json"))

        var clean = options
        clean.outputDirectory = folder.path + "/clean"
        _ = try Build(options: clean).run()
        #expect(TreeSnapshot(options.outputDirectory).contents == TreeSnapshot(clean.outputDirectory).contents)

        let idle = try build.run(keeping: memory, changes: .paths([post]))
        #expect(idle.written.isEmpty && idle.removed.isEmpty)
    }

    /// Warm edits in a row: a body edit after a body edit keeps the last
    /// build's documents and looks only at the edited post's terms; a title
    /// edit lists the documents again. Each leaves what a clean build makes.
    @Test func warmEditsInARowIndexEachEditedBody() throws {
        let (folder, content, _, options, memory, build) = try Builder.warmSite(content: site)
        defer { memory.release(); folder.remove() }
        _ = try build.run(keeping: memory, changes: .everything)
        let swift = content + "/posts/notes/swift.json"
        let chinese = content + "/posts/notes/chinese.json"
        var clean = options
        clean.outputDirectory = folder.path + "/clean"

        try Builder.editBody(of: swift, to: "The cache keeps zebra.\n")
        _ = try build.run(keeping: memory, changes: .paths([swift]))
        try Builder.editBody(of: chinese, to: "Quokka words.\n")
        _ = try build.run(keeping: memory, changes: .paths([chinese]))
        var terms = try indexedTerms(folder, output: "site")
        #expect(terms["zebra"] != nil && terms["quokka"] != nil)
        _ = try Build(options: clean).run()
        #expect(TreeSnapshot(options.outputDirectory).contents == TreeSnapshot(clean.outputDirectory).contents)

        let post = try String(contentsOfFile: swift, encoding: .utf8)
        try post.replacingOccurrences(of: "Swift caching", with: "Swift walrus").write(toFile: swift, atomically: true, encoding: .utf8)
        _ = try build.run(keeping: memory, changes: .paths([swift]))
        try Builder.editBody(of: swift, to: "The cache keeps yak.\n")
        _ = try build.run(keeping: memory, changes: .paths([swift]))
        terms = try indexedTerms(folder, output: "site")
        #expect(terms["walrus"] != nil && terms["yak"] != nil && terms["zebra"] == nil && terms["quokka"] != nil)
        _ = try Build(options: clean).run()
        #expect(TreeSnapshot(options.outputDirectory).contents == TreeSnapshot(clean.outputDirectory).contents)
    }

    /// A tag finds its posts, ranked with the title (the posting's strong flag).
    @Test func tagsAreSearchedAndRankWithTheTitle() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let content = try site(in: folder)
        try folder.write("content/posts/notes/tagged.json",
                         "{\"title\": \"Plain\", \"desc\": \"d\", \"body\": \"Nothing.\", \"date\": \"2024-01-03\", "
                         + "\"tags\": [\"Concurrency\", \"Core Data\"]}")
        try Builder.build(content: content, output: folder.path + "/public")
        let terms = try indexedTerms(folder, output: "public")
        // The tagged post is the newest of three: number 2, a gap of 3 from -1, strong: (3 - 1) << 1 | 1 = 5.
        #expect(terms["concurrency"] == "5")
        #expect(terms["core"] == "5" && terms["data"] == "5")
    }

    @Test func searchTurnedOffInSiteJSONWritesNoIndexAndNoSearchBox() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let content = try site(in: folder)
        try folder.write("content/site.json", ContentFixture.siteJSON(extra: "\"search\": false"))
        try Builder.build(content: content, output: folder.path + "/public")
        #expect(!folder.exists("public/search"))
        #expect(try #require(folder.read("public/index.html")).contains("role=\"search\"") == false)
    }
}
