import Foundation
import SiteModel
import TestSupport
import Testing

/// A post is `<id>.json`, `<id>.md`, or a folder `<id>/` with `index.md` or
/// `index.json` and files beside it; every kind in one site, one id each.
@Suite("Post files and folders")
struct PostFilesTests {
    private static let markdown = "---\ntitle: From Markdown\ndesc: d\ndate: 2020-01-02\n---\n# Hello\n"

    private func load(_ folder: TemporaryFolder, drafts: Bool = false,
                      cache: PostCache? = nil) -> Result<(site: Site, cache: PostCache), DiagnosticsError> {
        let loader = ContentLoader(contentDirectory: folder.path, options: .init(includeDrafts: drafts, jobs: 2, settlingTime: 0))
        return Result { () throws(DiagnosticsError) in try loader.load(reusing: cache) }
    }

    private func messages(_ folder: TemporaryFolder) -> [String] {
        let diagnostics: [Diagnostic]
        switch load(folder) {
        case .success(let loaded): diagnostics = loaded.site.warnings
        case .failure(let failure): diagnostics = failure.diagnostics
        }
        return diagnostics.map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") }
    }

    private func site() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("site.json", ContentFixture.siteJSON())
        try folder.write("posts/c/json-post.json", ContentFixture.postJSON(title: "From JSON", body: "JSON *body*", date: "2020-01-01"))
        try folder.write("posts/c/md-post.md", Self.markdown)
        try folder.write("posts/c/folder-post/index.md", "---\ntitle: In a folder\ndesc: d\n---\n![shot](shot.png)\n")
        try folder.write("posts/c/folder-post/shot.png", bytes: [0x89, 0x50, 0x4E, 0x47])
        try folder.write("posts/c/folder-post/images/big.jpg", "jpeg")
        try folder.write("posts/c/json-folder/index.json", ContentFixture.postJSON(title: "JSON in a folder", date: nil))
        return folder
    }

    @Test func readsEveryKindOfPostInOneSite() throws {
        let folder = try site()
        defer { folder.remove() }
        let loaded = try load(folder).get()
        let posts = loaded.site.categories[0].posts
        #expect(posts.map(\.id) == ["md-post", "json-post", "folder-post", "json-folder"])
        #expect(try posts.map { post throws(DiagnosticsError) in try post.body() }
                == ["# Hello\n", "JSON *body*", "![shot](shot.png)\n", "Hello."])
        #expect(loaded.site.bundleFiles.map(\.relativePath) == ["images/big.jpg", "shot.png"])
        #expect(loaded.site.bundleFiles.allSatisfy { $0.postID == "folder-post" })
        #expect(loaded.site.bundleFiles.map(\.sourcePath) == ["images/big.jpg", "shot.png"].map { folder.path + "/posts/c/folder-post/" + $0 })
        #expect(loaded.site.warnings.isEmpty)
    }

    @Test func aMarkdownPostFromTheCacheReadsItsBodyAgain() throws {
        let folder = try site()
        defer { folder.remove() }
        let first = try load(folder).get()
        #expect(first.cache.count == 4)
        let second = try load(folder, cache: PostCache(bytes: first.cache.bytes)).get()
        #expect(second.site == first.site)
        #expect(try second.site.categories[0].posts.map { post throws(DiagnosticsError) in try post.body() }
                == ["# Hello\n", "JSON *body*", "![shot](shot.png)\n", "Hello."])
    }

    @Test func namesBothFilesOfAnIdUsedTwice() throws {
        let folder = try site()
        defer { folder.remove() }
        try folder.write("posts/c/md-post.json", ContentFixture.postJSON(title: "Again"))
        try folder.write("posts/d/folder-post.md", Self.markdown)
        #expect(messages(folder) == [
            "posts/c/md-post.md: error: post id 'md-post' is already used by posts/c/md-post.json; "
                + "ids must be unique across the site, so rename one of the files",
            "posts/d/folder-post.md: error: post id 'folder-post' is already used by posts/c/folder-post/; "
                + "ids must be unique across the site, so rename one of the files",
        ])
    }

    @Test func checksWhatAPostFolderHolds() throws {
        let folder = try site()
        defer { folder.remove() }
        try folder.write("posts/c/two-indexes/index.md", Self.markdown)
        try folder.write("posts/c/two-indexes/index.json", ContentFixture.postJSON(title: "t"))
        try folder.write("posts/c/no-index/notes.txt", "n")
        try folder.write("posts/c/folder-post/index.html", "<p>mine</p>")
        try folder.write("posts/c/folder-post/.DS_Store", "x")
        try folder.write("posts/c/Bad Name/index.md", Self.markdown)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/posts/c/folder-post/passwd", withDestinationPath: "/etc/passwd")
        #expect(messages(folder) == [
            "posts/c/Bad Name: error: post id 'Bad Name' (the folder name) may use only letters, digits, '.', '_' and '-', starting with a letter or digit",
            "posts/c/folder-post/.DS_Store: warning: hidden files of a post folder are not copied; ignored",
            "posts/c/folder-post/index.html: error: 'index.html' would be overwritten by the post's page; rename it",
            "posts/c/folder-post/passwd: error: a symbolic link in a post folder is not copied; put the file itself here",
            "posts/c/no-index: warning: not a post folder (a post folder holds index.md or index.json); ignored",
            "posts/c/two-indexes: error: a post folder holds one index file, not both index.json and index.md; remove one",
        ])
    }

    @Test func leavesTheFilesOfADraftOut() throws {
        let folder = try site()
        defer { folder.remove() }
        try folder.write("posts/c/folder-post/index.md", "---\ntitle: t\ndesc: d\ndraft: true\n---\n")
        #expect(try load(folder).get().site.bundleFiles.isEmpty)
        #expect(try load(folder, drafts: true).get().site.bundleFiles.count == 2)
    }
}
