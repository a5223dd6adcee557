import SiteModel
import TestSupport
import Testing

@Suite("Content loader")
struct ContentLoaderTests {
    private func load(_ folder: TemporaryFolder, drafts: Bool = false) -> Result<Site, DiagnosticsError> {
        let loader = ContentLoader(contentDirectory: folder.path, options: .init(includeDrafts: drafts, jobs: 2))
        return Result { () throws(DiagnosticsError) -> Site in try loader.load() }
    }

    private func errors(_ folder: TemporaryFolder) -> [String] {
        guard case .failure(let failure) = load(folder) else { return [] }
        return failure.diagnostics.filter { $0.severity == .error }.map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") }
    }

    @Test func readsCategoriesInFolderOrderAndPostsInReadingOrder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site.json", ContentFixture.siteJSON())
        try folder.write("posts/zeta/z_1.json", ContentFixture.postJSON(title: "Z", date: "2020-01-01"))
        try folder.write("posts/alpha/a_10.json", ContentFixture.postJSON(title: "Ten", date: nil))
        try folder.write("posts/alpha/a_2.json", ContentFixture.postJSON(title: "Two", date: nil))
        try folder.write("posts/alpha/a_new.json", ContentFixture.postJSON(title: "New", date: "2021-05-01"))
        let site = try load(folder).get()
        #expect(site.categories.map(\.slug) == ["alpha", "zeta"])
        #expect(site.categories[0].posts.map(\.id) == ["a_new", "a_2", "a_10"])
        #expect(site.config.pageSize == 20)
        #expect(site.config.language == "en")
    }

    @Test func followsTheCategoryOrderOfSiteJSON() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site.json", ContentFixture.siteJSON(extra: #""categories": [{"slug": "b", "title": "Bee"}, {"slug": "a", "title": "Ay"}]"#))
        try folder.write("posts/a/one.json", ContentFixture.postJSON(title: "1"))
        try folder.write("posts/b/two.json", ContentFixture.postJSON(title: "2"))
        let site = try load(folder).get()
        #expect(site.categories.map(\.title) == ["Bee", "Ay"])
    }

    @Test func leavesDraftsOutUnlessAsked() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site.json", ContentFixture.siteJSON())
        try folder.write("posts/c/live.json", ContentFixture.postJSON(title: "Live"))
        try folder.write("posts/c/draft.json", #"{"title": "D", "desc": "d", "body": "b", "draft": true}"#)
        #expect(try load(folder).get().categories[0].posts.map(\.id) == ["live"])
        #expect(try load(folder, drafts: true).get().categories[0].posts.map(\.id) == ["live", "draft"])
    }

    @Test func reportsEveryProblemWithItsLocation() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site.json", ContentFixture.siteJSON())
        try folder.write("posts/c/no-title.json", "{\n  \"desc\": \"d\",\n  \"body\": \"b\"\n}")
        try folder.write("posts/c/bad-type.json", "{\n  \"title\": 3,\n  \"desc\": \"d\",\n  \"body\": \"b\"\n}")
        try folder.write("posts/c/broken.json", "{\n  \"title\": \"t\"\n  \"desc\": \"d\"\n}")
        try folder.write("posts/c/wrong-id.json", #"{"id": "other", "title": "t", "desc": "d", "body": "b"}"#)
        #expect(errors(folder) == [
            "posts/c/bad-type.json:2:12: error: 'title' must be a string, not a number",
            "posts/c/broken.json:3:3: error: expected ',' or '}' after a member",
            "posts/c/no-title.json:1:1: error: missing required key 'title'",
            "posts/c/wrong-id.json:1:8: error: 'id' is 'other' but the file is named 'wrong-id.json'; they must agree",
        ])
    }

    @Test func namesBothFilesOfADuplicateId() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site.json", ContentFixture.siteJSON())
        try folder.write("posts/a/same.json", ContentFixture.postJSON(title: "1"))
        try folder.write("posts/b/same.json", ContentFixture.postJSON(title: "2"))
        #expect(errors(folder) == [
            "posts/b/same.json: error: post id 'same' is already used by posts/a/same.json; ids must be unique across the site, so rename one of the files",
        ])
    }

    @Test func refusesReservedAndUnlistedCategories() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site.json", ContentFixture.siteJSON(extra: #""categories": [{"slug": "a", "title": "A"}, {"slug": "ghost", "title": "G"}]"#))
        try folder.write("posts/a/one.json", ContentFixture.postJSON(title: "1"))
        try folder.write("posts/api/two.json", ContentFixture.postJSON(title: "2"))
        try folder.write("posts/extra/three.json", ContentFixture.postJSON(title: "3"))
        let found = errors(folder)
        #expect(found.contains("posts/api: error: category name 'api' is reserved for the build's own output; rename the folder"))
        #expect(found.contains("posts/extra: error: the folder is not listed in 'categories' of site.json; add it there or remove it"))
        #expect(found.contains { $0.hasPrefix("site.json:4:56: error: category 'ghost' is listed but") })
    }

    @Test func warnsAboutUnknownKeysWithoutFailing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site.json", ContentFixture.siteJSON())
        try folder.write("posts/c/p.json", "{\"title\": \"t\", \"desc\": \"d\", \"body\": \"b\", \"mood\": []}")
        let site = try load(folder).get()
        #expect(site.warnings.map(\.description) == ["\(folder.path)/posts/c/p.json:1:42: warning: unknown key 'mood' is ignored"])
    }

    @Test func checksSiteSettings() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site.json", "{\"title\": \"T\", \"baseURL\": \"example.org\", \"pageSize\": 0}")
        try folder.write("posts/c/p.json", ContentFixture.postJSON(title: "t"))
        #expect(errors(folder) == [
            "site.json:1:27: error: 'baseURL' must be an absolute http or https URL such as 'https://example.org/blog/', not 'example.org'",
            "site.json:1:54: error: 'pageSize' must be at least 1",
        ])
    }
}
