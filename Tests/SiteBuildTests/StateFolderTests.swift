import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SiteBuild
import TestSupport
import Testing

/// sitegen's own state for `public/` lives in `.sitegen/public/` beside it,
/// and any of it may be deleted by hand.
@Suite("State folder")
struct StateFolderTests {
    private static func names(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// Builds the site as it is into a folder of its own: what any build must give.
    private static func cleanBuild(of content: String) throws -> TreeSnapshot {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Builder.build(content: content, output: folder.path + "/public")
        return TreeSnapshot(folder.path + "/public")
    }

    private static func inode(_ path: String) -> UInt64? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber)?.uint64Value
    }

    @Test func everythingSitegenKeepsIsInOneFolderBesideTheOutput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (content, output) = try Builder.buildSeedCopy(in: folder)
        Thread.sleep(forTimeInterval: 1.1)
        try Builder.editBody(of: content + "/posts/ui/ui_4.json", to: "Edited")
        try Builder.build(content: content, output: output)
        #expect(Self.names(folder.path) == [".sitegen", "content", "public"])
        #expect(Self.names(folder.path + "/.sitegen") == ["public"])
        #expect(Self.names(folder.path + "/.sitegen/public") == ["cache", "listed", "search-cache", "spare"])
        // The site's own dot-files (content/static/.nojekyll) are served; nothing of sitegen's state is.
        let ownDotFiles = Self.names(output).filter { $0.hasPrefix(".") && !FileManager.default.fileExists(atPath: content + "/static/" + $0) }
        #expect(ownDotFiles == [".sitegen-manifest"], "nothing of it is served")
    }

    @Test func twoOutputsInOneFolderKeepTheirStateApart() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let content = try Builder.copyOfSeedContent(into: folder)
        for round in 1...2 {
            try Builder.editBody(of: content + "/posts/ui/ui_4.json", to: "Round \(round)")
            try Builder.build(content: content, output: folder.path + "/site")
            try Builder.build(content: content, output: folder.path + "/preview", baseURL: "http://127.0.0.1:8000/")
        }
        #expect(Self.names(folder.path + "/.sitegen") == ["preview", "site"])
        let site = try #require(folder.read("site/posts/ui_4/index.html"))
        let preview = try #require(folder.read("preview/posts/ui_4/index.html"))
        #expect(site.contains("Round 2") && preview.contains("Round 2"))
        #expect(preview.contains("http://127.0.0.1:8000/") && !site.contains("http://127.0.0.1:8000/"))
    }

    @Test func deletingTheOutputByHandGivesTheSiteBackWithoutDeletingTheSpare() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (content, output) = try Builder.buildSeedCopy(in: folder)
        try folder.write("public/CNAME", "example.org\n")
        try Builder.editBody(of: content + "/posts/ui/ui_4.json", to: "Edited once")
        try Builder.build(content: content, output: output)
        let spare = folder.path + "/.sitegen/public/spare"
        let keptInode = try #require(Self.inode(spare + "/posts/ui_9/index.html"))

        try FileManager.default.removeItem(atPath: output)
        try Builder.editBody(of: content + "/posts/ui/ui_4.json", to: "Edited twice")
        try Builder.build(content: content, output: output)
        #expect(TreeSnapshot(output).contents == (try Self.cleanBuild(of: content)).contents)
        #expect(!folder.exists("public/CNAME"), "a file of the user's deleted with the output stays deleted")
        #expect(Self.inode(output + "/posts/ui_9/index.html") == keptInode, "the spare became the output, kept, not deleted")
    }

    @Test func deletingTheStateFolderByHandKeepsTheOutputAsItIs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (content, output) = try Builder.buildSeedCopy(in: folder)
        try folder.write("public/CNAME", "example.org\n")
        try Builder.editBody(of: content + "/posts/ui/ui_50.json", to: "Edited once")
        try Builder.build(content: content, output: output)
        let before = TreeSnapshot(output)

        try FileManager.default.removeItem(atPath: folder.path + "/.sitegen")
        try Builder.editBody(of: content + "/posts/ui/ui_50.json", to: "Edited twice")
        let report = try Builder.build(content: content, output: output)
        #expect(report.files.written == 5)
        // The search index's manifest and the chunks of `once` and `twice` change too.
        #expect(TreeSnapshot(output).rewritten(since: before) == [".sitegen-manifest", "api/posts/ui_50.json", "posts/ui_50/index.html",
                                                                  "search/index.json", "search/t/6f.json", "search/t/74.json"])
        #expect(folder.read("public/CNAME") == "example.org\n")
        var expected = try Self.cleanBuild(of: content).contents
        expected["CNAME"] = Array("example.org\n".utf8)
        expected[".sitegen-manifest"] = nil
        var actual = TreeSnapshot(output).contents
        actual[".sitegen-manifest"] = nil
        #expect(actual == expected)
    }

    @Test func deletingBothByHandIsAFirstBuild() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (content, output) = try Builder.buildSeedCopy(in: folder)
        try Builder.editBody(of: content + "/posts/ui/ui_4.json", to: "Edited once")
        try Builder.build(content: content, output: output)
        try FileManager.default.removeItem(atPath: output)
        try FileManager.default.removeItem(atPath: folder.path + "/.sitegen")
        try Builder.editBody(of: content + "/posts/ui/ui_4.json", to: "Edited twice")
        try Builder.build(content: content, output: output)
        #expect(TreeSnapshot(output).contents == (try Self.cleanBuild(of: content)).contents)
    }

    /// The layout of earlier versions: four hidden siblings of the output.
    private static func makeOldLayout(in folder: TemporaryFolder) throws {
        let state = folder.path + "/.sitegen/public"
        for (name, old) in [("spare", "spare"), ("cache", "cache"), ("listed", "listed")] {
            try FileManager.default.moveItem(atPath: state + "/" + name, toPath: folder.path + "/.public.sitegen-" + old)
        }
        try FileManager.default.removeItem(atPath: folder.path + "/.sitegen")
        try folder.write(".public.sitegen-lock", "")
    }

    @Test func aSiteBuiltWithTheOldLayoutMovesItsStateIn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (content, output) = try Builder.buildSeedCopy(in: folder)
        try folder.write("public/CNAME", "example.org\n")
        Thread.sleep(forTimeInterval: 1.1)
        try Builder.editBody(of: content + "/posts/ui/ui_4.json", to: "Edited once")
        try Builder.build(content: content, output: output)
        try Self.makeOldLayout(in: folder)
        let spareInode = Self.inode(folder.path + "/.public.sitegen-spare")

        try Builder.editBody(of: content + "/posts/ui/ui_4.json", to: "Edited twice")
        try Builder.build(content: content, output: output)
        #expect(Self.names(folder.path) == [".sitegen", "content", "public"], "no sibling of the old layout is left")
        #expect(Self.names(folder.path + "/.sitegen/public") == ["cache", "listed", "search-cache", "spare"])
        #expect(Self.inode(output) == spareInode, "the spare was moved in, not copied, and swapped in")
        #expect(folder.read("public/CNAME") == "example.org\n")
        #expect(folder.read("public/posts/ui_4/index.html")?.contains("Edited twice") == true)
    }

    @Test func anOlderSitegenStillBuildingIsWaitedFor() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (content, output) = try Builder.buildSeedCopy(in: folder)
        try folder.write(".public.sitegen-lock", "")
        let other = open(folder.path + "/.public.sitegen-lock", O_RDWR)
        #expect(other >= 0 && flock(other, LOCK_EX) == 0)
        defer { close(other) }
        let before = TreeSnapshot(output)
        try Builder.editBody(of: content + "/posts/ui/ui_4.json", to: "Edited")
        let failure = #expect(throws: BuildFailure.self) { try Builder.build(content: content, output: output) }
        #expect(failure?.messages.first?.contains("another sitegen build is writing this folder") == true)
        #expect(TreeSnapshot(output) == before)
    }

    @Test func anOutputFolderThatHoldsTheContentIsRefusedInThoseWords() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let content = try Builder.copyOfSeedContent(into: folder)
        let failure = #expect(throws: BuildFailure.self) { try Builder.build(content: content, output: folder.path) }
        #expect(failure?.messages == ["\(folder.path): error: the output folder holds \(content), which the build reads, and a build replaces the whole output folder; choose an output folder outside the content and templates folders"])
        let root = #expect(throws: BuildFailure.self) { try Builder.build(content: content, output: "/") }
        #expect(root?.messages.first?.hasPrefix("/: error: the output folder holds ") == true)
        #expect(Self.names(folder.path) == ["content"], "nothing was made beside it")
    }

    @Test func anOutputFolderNamedLikeTheStateFolderIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let failure = #expect(throws: BuildFailure.self) { try Builder.build(output: folder.path + "/.sitegen") }
        #expect(failure?.messages == ["\(folder.path)/.sitegen: error: the output folder cannot be named .sitegen: sitegen keeps its own records in a folder of that name beside the output; choose another name"])
        #expect(Self.names(folder.path) == [])
    }
}
