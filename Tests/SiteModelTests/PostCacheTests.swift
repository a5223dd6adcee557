import Foundation
import SiteModel
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The post cache may only ever save work: whatever it holds, a load that
/// reuses it must see exactly what is in the files now.
@Suite("Post cache")
struct PostCacheTests {
    private func loader(_ folder: TemporaryFolder, settlingTime: Int64 = 0) -> ContentLoader {
        ContentLoader(contentDirectory: folder.path, options: .init(jobs: 2, settlingTime: settlingTime))
    }

    private func siteWithThreePosts() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("site.json", ContentFixture.siteJSON())
        try folder.write("posts/a/a_1.json", ContentFixture.postJSON(title: "Alpha", body: "Hello.", date: "2020-01-01"))
        try folder.write("posts/a/a_2.json", ContentFixture.postJSON(title: "Beta", body: "# Two", date: "2020-01-02"))
        try folder.write("posts/b/b_1.json", ContentFixture.postJSON(title: "Gamma", body: "*Three*", date: nil))
        return folder
    }

    private func bodies(_ site: Site) throws -> [String] {
        try site.categories.flatMap(\.posts).map { post throws(DiagnosticsError) in try post.body() }
    }

    @Test func aLoadFromTheCacheEqualsAFreshLoad() throws {
        let folder = try siteWithThreePosts()
        defer { folder.remove() }
        let first = try loader(folder).load(reusing: nil)
        #expect(first.cache.count == 3)
        let second = try loader(folder).load(reusing: first.cache)
        let fresh = try loader(folder).load()
        #expect(second.site == fresh)
        #expect(try bodies(second.site) == ["# Two", "Hello.", "*Three*"])
        #expect(second.cache == first.cache)
    }

    /// A post taken from the cache has the title the cache recorded, so a cache
    /// whose title was altered shows which posts it gave.
    @Test func tagsAuthorUpdatedAndReadingLengthComeBackFromTheCacheFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site.json", ContentFixture.siteJSON())
        try folder.write("posts/a/a_1.json",
                         #"{"title": "t", "desc": "d", "body": "one two 三四", "tags": ["Swift", "视图"], "author": "Lin", "updated": "2021-02-03"}"#)
        try folder.write("posts/a/a_2.json", ContentFixture.postJSON(title: "Plain"))
        let counting = ContentLoader(contentDirectory: folder.path, options: .init(settlingTime: 0, outline: { _, body, _ in
            var length = ReadingLength()
            length.add(String(decoding: body, as: UTF8.self))
            return BodyOutline(readingLength: length, headings: [BodyHeading(level: 2, id: "h")],
                               links: [BodyLink(destination: "../x/#h", offset: 2)])
        }))
        let first = try counting.load(reusing: nil)
        let reread = PostCache(bytes: first.cache.bytes)
        #expect(reread == first.cache)
        let second = try counting.load(reusing: reread)
        #expect(second.site == first.site)
        let details = try #require(second.site.categories.first?.posts.first { $0.id == "a_1" }).details
        #expect(details == PostDetails(tags: ["Swift", "视图"], author: "Lin", updated: PostDate(iso8601: "2021-02-03"),
                                       readingLength: ReadingLength(words: 2, cjkCharacters: 2)))
        let post = try #require(second.site.categories.first?.posts.first { $0.id == "a_1" })
        #expect(post.headings == [BodyHeading(level: 2, id: "h")])
        // The body string opens at column 37 of line 1: its third byte is at column 40.
        #expect(post.links == [PostLink(destination: "../x/#h", bodyOffset: 2)])
        #expect(post.location(of: post.links[0]) == SourceLocation(line: 1, column: 40))
    }

    @Test func everySpellingOfTheContentPathSharesTheCache() throws {
        let folder = try siteWithThreePosts()
        defer { folder.remove() }
        let first = try loader(folder).load(reusing: nil)
        let altered = PostCache(bytes: replacing(Array("Alpha".utf8), with: Array("Omega".utf8), in: first.cache.bytes))
        #expect(altered.count == 3)
        let respelled = ContentLoader(contentDirectory: folder.path + "/./", options: .init(jobs: 2, settlingTime: 0))
        let second = try respelled.load(reusing: altered)
        let post = try #require(second.site.categories.first?.posts.first { $0.id == "a_1" })
        #expect(post.title == "Omega", "the post came from the cache")
        #expect(try post.body() == "Hello.")
        #expect(second.cache == altered)
    }

    private func replacing(_ old: [UInt8], with new: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: old) }) else { return bytes }
        return Array(bytes[..<start]) + new + bytes[(start + old.count)...]
    }

    /// A build keeps no bodies: each is read again from its file when its page
    /// is made, and a file edited since the load stops the build instead.
    @Test func aBodyIsReadAgainAndAnEditSinceTheLoadIsRefused() throws {
        let folder = try siteWithThreePosts()
        defer { folder.remove() }
        let site = try loader(folder).load()
        try folder.write("posts/a/a_1.json", ContentFixture.postJSON(title: "Alpha", body: "Edited.", date: "2020-01-01"))
        let posts = site.categories.flatMap(\.posts)
        let edited = try #require(posts.first { $0.id == "a_1" })
        #expect(throws: DiagnosticsError.self) { try edited.body() }
        #expect(try posts.filter { $0.id != "a_1" }.map { try $0.body() } == ["# Two", "*Three*"])
    }

    @Test func anEditThatKeepsSizeAndModificationTimeIsStillSeen() throws {
        let folder = try siteWithThreePosts()
        defer { folder.remove() }
        let file = folder.path + "/posts/a/a_1.json"
        var before = stat()
        #expect(stat(file, &before) == 0)
        let first = try loader(folder).load(reusing: nil)

        try folder.write("posts/a/a_1.json", ContentFixture.postJSON(title: "Omega", body: "Jello.", date: "2020-01-01"))
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, file, &times, 0) == 0)
        var after = stat()
        #expect(stat(file, &after) == 0)
        #expect(after.st_size == before.st_size && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)

        let second = try loader(folder).load(reusing: first.cache)
        let post = try #require(second.site.categories.first?.posts.first { $0.id == "a_1" })
        #expect(post.title == "Omega")
        #expect(try post.body() == "Jello.")
    }

    @Test func aBodyThatChangesAfterTheLoadIsAnErrorNotAMix() throws {
        let folder = try siteWithThreePosts()
        defer { folder.remove() }
        let first = try loader(folder).load(reusing: nil)
        let second = try loader(folder).load(reusing: first.cache)
        try folder.write("posts/a/a_1.json", ContentFixture.postJSON(title: "Alpha", body: "Changed.", date: "2020-01-01"))
        try FileManager.default.removeItem(atPath: folder.path + "/posts/b/b_1.json")
        let posts = second.site.categories.flatMap(\.posts)
        let messages = posts.map { post -> String in
            do throws(DiagnosticsError) {
                return try post.body()
            } catch {
                return error.diagnostics.map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") }
                    .joined(separator: "\n")
            }
        }
        #expect(messages == [
            "# Two",
            "posts/a/a_1.json: error: the file changed while the site was being built; build again",
            "posts/b/b_1.json: error: cannot read the file",
        ])
    }

    @Test func postsWithWarningsAreReadAgainSoTheWarningRepeats() throws {
        let folder = try siteWithThreePosts()
        defer { folder.remove() }
        try folder.write("posts/b/b_2.json", #"{"title": "T", "desc": "d", "body": "b", "colour": "red"}"#)
        let first = try loader(folder).load(reusing: nil)
        #expect(first.cache.count == 3)
        let second = try loader(folder).load(reusing: first.cache)
        #expect(second.site.warnings.map(\.message) == first.site.warnings.map(\.message))
        #expect(second.site.warnings.count == 1)
    }

    @Test func aFileStillBeingWrittenIsNotTrusted() throws {
        let folder = try siteWithThreePosts()
        defer { folder.remove() }
        let loaded = try loader(folder, settlingTime: 60_000_000_000).load(reusing: nil)
        #expect(loaded.cache.count == 0)
        #expect(loaded.site.categories.flatMap(\.posts).count == 3)
    }

    @Test func aPostEditedAMomentAgoOnlyLeavesTheCache() throws {
        let folder = try siteWithThreePosts()
        defer { folder.remove() }
        let first = try loader(folder).load(reusing: nil)
        try folder.write("posts/a/a_2.json", ContentFixture.postJSON(title: "Beta", body: "# Two, edited", date: "2020-01-02"))
        let second = try loader(folder, settlingTime: 60_000_000_000).load(reusing: first.cache)
        #expect(second.cache.count == 2)
        #expect(second.cache.isSubset(of: first.cache), "nothing new to write")
        #expect(!first.cache.isSubset(of: second.cache))
        let third = try loader(folder).load(reusing: first.cache)
        let edited = try #require(third.site.categories.first?.posts.first { $0.id == "a_2" })
        #expect(try edited.body() == "# Two, edited", "the old entry's stamp does not match, so the file is read")
        #expect(!third.cache.isSubset(of: first.cache), "once settled, the new entry is worth writing")
    }

    /// The cache records where each body starts, so a cached post's body is
    /// read without parsing its file; an offset damaged in a way the format
    /// cannot tell still gives the body, by parsing the file after all.
    @Test func aCachedPostWhoseBodyOffsetIsWrongStillGivesItsBody() throws {
        let folder = try siteWithThreePosts()
        defer { folder.remove() }
        let cache = try loader(folder).load(reusing: nil).cache
        var bytes = cache.bytes
        // The last entry written is b/b_1.json's; it ends with the offset, the body's kind and the counts of
        // its (no) links and (no) headings, then five numbers of its details (no tags, no author, no update, two counts).
        let details = 5 * 8
        bytes.replaceSubrange((bytes.count - details - 32)..<(bytes.count - details - 24), with: [UInt8](repeating: 0, count: 8))
        let damaged = PostCache(bytes: bytes)
        #expect(damaged.count == 3 && damaged != cache)
        let reloaded = try loader(folder).load(reusing: damaged)
        #expect(try bodies(reloaded.site) == ["# Two", "Hello.", "*Three*"])
    }

    @Test func aDamagedCacheIsAnEmptyOne() throws {
        let folder = try siteWithThreePosts()
        defer { folder.remove() }
        let cache = try loader(folder).load(reusing: nil).cache
        let bytes = cache.bytes
        #expect(PostCache(bytes: bytes) == cache)
        #expect(PostCache(bytes: Array(bytes.dropLast())).count == 0)
        #expect(PostCache(bytes: bytes + [0]).count == 0)
        #expect(PostCache(bytes: Array("sitegen post cache 0\n".utf8) + bytes.dropFirst(21)).count == 0)
        var flipped = bytes
        flipped[30] ^= 0xFF
        let damaged = PostCache(bytes: flipped)
        let reloaded = try loader(folder).load(reusing: damaged)
        #expect(reloaded.site == (try loader(folder).load()))
    }
}
