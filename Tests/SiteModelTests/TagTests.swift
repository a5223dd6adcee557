import SiteModel
import TestSupport
import Testing

/// Tags as a blogger writes them, in any script and any case, grouped by slug.
@Suite("Tags")
struct TagTests {
    private func post(_ title: String, tags: [String], date: String = "2020-01-01", author: String? = nil) -> String {
        let list = tags.map(ContentFixture.quoted).joined(separator: ", ")
        let extra = author.map { ", \"author\": \(ContentFixture.quoted($0))" } ?? ""
        return "{\"title\": \"\(title)\", \"desc\": \"d\", \"body\": \"b\", \"date\": \"\(date)\", \"tags\": [\(list)]\(extra)}"
    }

    private func load(_ posts: [String: String]) throws -> (Result<Site, DiagnosticsError>, TemporaryFolder) {
        let folder = try TemporaryFolder()
        try folder.write("site.json", ContentFixture.siteJSON(extra: #""author": "Site Author""#))
        for (path, text) in posts { try folder.write("posts/" + path, text) }
        let loader = ContentLoader(contentDirectory: folder.path)
        return (Result { () throws(DiagnosticsError) -> Site in try loader.load() }, folder)
    }

    @Test func slugsKeepLettersOfEveryScriptAndJoinTheRestWithOneDash() {
        #expect(Tag.slug(for: "Core Data") == "core-data")
        #expect(Tag.slug(for: "  C++ / Objective-C!! ") == "c-objective-c")
        #expect(Tag.slug(for: "视图控制器") == "视图控制器")
        #expect(Tag.slug(for: "Swift 5.9") == "swift-5-9")
        #expect(Tag.slug(for: "Ünïcode") == "ünïcode")
        #expect(Tag.slug(for: "+++") == "")
    }

    @Test func differentlyCasedTagsAreOneTagNamedAsMostPostsSpellIt() throws {
        let (result, folder) = try load([
            "a/one.json": post("1", tags: ["swift", "iOS"], date: "2020-01-03"),
            "a/two.json": post("2", tags: ["Swift"], date: "2020-01-02"),
            "b/three.json": post("3", tags: ["Swift", "swift"], date: "2020-01-01"),
            "b/four.json": post("4", tags: ["ios"], date: "2020-01-04"),
        ])
        defer { folder.remove() }
        let site = try result.get()
        #expect(site.tags.map(\.slug) == ["ios", "swift"])
        #expect(site.tags.map(\.name) == ["ios", "Swift"], "a tie goes to the spelling met first in reading order")
        #expect(site.tags[1].posts.map(\.id) == ["one", "two", "three"])
        #expect(site.tags[0].posts.map(\.id) == ["four", "one"])
    }

    @Test func aTagsPostsFromSeveralCategoriesAreInReadingOrder() throws {
        let (result, folder) = try load([
            "a/post10.json": post("10", tags: ["Swift"], date: "2020-01-02"),
            "b/post2.json": post("2", tags: ["swift"], date: "2020-01-02"),
            "a/post1.json": post("1", tags: ["SWIFT"], date: "2020-01-02"),
            "b/newest.json": post("n", tags: ["swift"], date: "2021-05-01"),
            "c/undated.json": #"{"title": "u", "desc": "d", "body": "b", "tags": ["Swift"]}"#,
        ])
        defer { folder.remove() }
        let tag = try #require(try result.get().tags.first)
        #expect(tag.posts.map(\.id) == ["newest", "post1", "post2", "post10", "undated"],
                "newest first, ties by id in natural order, undated last")
        #expect(tag.name == "swift" && tag.spellings == ["Swift", "swift", "SWIFT"])
    }

    @Test func aTagWithoutLettersOrACollidingSlugIsAnErrorNamingThePost() throws {
        let (result, folder) = try load([
            "a/one.json": post("1", tags: ["C++"]),
            "a/two.json": post("2", tags: ["C#"]),
            "a/three.json": post("3", tags: ["!!!"]),
        ])
        defer { folder.remove() }
        guard case .failure(let failure) = result else {
            Issue.record("the site loaded")
            return
        }
        let messages = failure.diagnostics.map(\.description)
        #expect(messages.contains { $0.contains("three.json") && $0.contains("'!!!' has no letter or digit") })
        #expect(messages.contains { $0.contains("'C#' and 'C++'") || $0.contains("'C++' and 'C#'") })
    }

    @Test func authorUpdatedAndTagsAreReadAndCheckedAndAWrongTypeIsAnError() throws {
        let (result, folder) = try load([
            "a/one.json": #"{"title": "t", "desc": "d", "body": "b", "tags": "Swift", "updated": "yesterday"}"#,
        ])
        defer { folder.remove() }
        guard case .failure(let failure) = result else {
            Issue.record("the site loaded")
            return
        }
        let messages = failure.diagnostics.map(\.description)
        #expect(messages.contains { $0.contains("'tags' must be a list of strings") })
        #expect(messages.contains { $0.contains("'updated' must be an ISO 8601 date") })
    }

    @Test func aPostsAuthorAndUpdatedAreKept() throws {
        let (result, folder) = try load([
            "a/one.json": #"{"title": "t", "desc": "d", "body": "b", "author": "Lin", "updated": "2021-02-03"}"#,
        ])
        defer { folder.remove() }
        let site = try result.get()
        let details = try #require(site.categories.first?.posts.first).details
        #expect(details.author == "Lin")
        #expect(details.updated == PostDate(iso8601: "2021-02-03"))
        #expect(site.config.author == "Site Author")
    }
}
