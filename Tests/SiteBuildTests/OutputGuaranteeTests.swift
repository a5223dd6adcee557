import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SiteBuild
import TestSupport
import Testing

@Suite("Build guarantees")
struct OutputGuaranteeTests {
    @Test func aSecondBuildWithNoChangeRewritesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.path + "/public"
        let first = try Builder.build(output: output)
        let before = TreeSnapshot(output)
        let second = try Builder.build(output: output)
        let after = TreeSnapshot(output)
        #expect(second.files.written == 0)
        #expect(second.files.unchanged == first.files.written)
        #expect(second.files.removed == 0)
        #expect(after.rewritten(since: before) == [])
        #expect(after == before)
    }

    @Test func editingOneBodyRewritesOnlyTheFilesThatShowIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (content, output) = try Builder.buildSeedCopy(in: folder)
        let before = TreeSnapshot(output)
        let postFile = content + "/posts/ui/ui_50.json"
        let post = try String(contentsOfFile: postFile, encoding: .utf8)
        try post.replacingOccurrences(of: "## Hello iOS122", with: "## Hello again").write(toFile: postFile, atomically: true, encoding: .utf8)
        let report = try Builder.build(content: content, output: output)
        let after = TreeSnapshot(output)
        // The manifest records the new bytes of those two files, so it changes too; and the search
        // index changes where the post's words did: `ios122` left its headings, `again` is new.
        #expect(after.rewritten(since: before) == [".sitegen-manifest", "api/posts/ui_50.json", "posts/ui_50/index.html",
                                                   "search/index.json", "search/t/61.json", "search/t/69.json"])
        #expect(report.files.written == 5)
        let page = String(decoding: after.entries["posts/ui_50/index.html"]?.bytes ?? [], as: UTF8.self)
        #expect(page.contains("<h2 id=\"hello-again\">Hello again <a class=\"heading-anchor\" href=\"#hello-again\" aria-label=\"Link to this section\">#</a></h2>"))
    }

    /// A mistyped output path is refused before any post is read: the
    /// error is the output's, though a post is broken too, and nothing is made.
    @Test func anOutputWhoseParentIsMissingIsRefusedBeforeTheContentIsRead() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let content = try Builder.copyOfSeedContent(into: folder)
        try folder.write("content/posts/ui/broken.json", "{ not json")
        let output = folder.path + "/missing/public"
        do {
            try Builder.build(content: content, output: output)
            Issue.record("the build went through")
        } catch {
            #expect(error.messages == ["\(output): error: the folder that should hold the output does not exist"])
        }
        #expect(!folder.exists("missing"))
    }

    @Test func aRemovedPostTakesItsFilesAlongButForeignFilesStay() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (content, output) = try Builder.buildSeedCopy(in: folder)
        try "example.org\n".write(toFile: output + "/CNAME", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: content + "/posts/tool/tool_99.json")
        let report = try Builder.build(content: content, output: output)
        #expect(!FileManager.default.fileExists(atPath: output + "/posts/tool_99/index.html"))
        #expect(!FileManager.default.fileExists(atPath: output + "/posts/tool_99"), "the post's folder goes too")
        #expect(!FileManager.default.fileExists(atPath: output + "/api/posts/tool_99.json"))
        #expect(report.files.removed == 2)
        #expect(try String(contentsOfFile: output + "/CNAME", encoding: .utf8) == "example.org\n")
    }

    @Test func aFailedBuildLeavesTheOutputExactlyAsItWas() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (content, output) = try Builder.buildSeedCopy(in: folder)
        let before = TreeSnapshot(output)
        let besideBefore = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        try "{ \"title\": ".write(toFile: content + "/posts/ui/ui_3.json", atomically: true, encoding: .utf8)
        #expect(throws: BuildFailure.self) { try Builder.build(content: content, output: output) }
        #expect(TreeSnapshot(output) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == besideBefore, "nothing left beside it either")
        #expect(!folder.exists(".sitegen/public/spare"), "a first build leaves no spare")
    }

    @Test func aBuildIsRefusedWhileAnotherHoldsTheFolderAndLeavesNoLockBehind() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (content, output) = try Builder.buildSeedCopy(in: folder)
        #expect(!folder.exists(".sitegen/public/lock"), "a finished build removes its lock")
        try Builder.editBody(of: content + "/posts/tool/tool_60.json", to: "Edited while another build runs")
        let before = TreeSnapshot(output)

        // Another build holds the folder, as a running `sitegen build` would.
        let lockPath = folder.path + "/.sitegen/public/lock"
        let other = open(lockPath, O_RDWR | O_CREAT, 0o644)
        #expect(other >= 0 && flock(other, LOCK_EX) == 0)
        let failure = #expect(throws: BuildFailure.self) { try Builder.build(content: content, output: output) }
        #expect(failure?.messages.first?.contains("another sitegen build is writing this folder") == true)
        #expect(TreeSnapshot(output) == before)
        close(other)

        // Its lock file left behind, as by a killed build, is taken over and removed.
        let report = try Builder.build(content: content, output: output)
        let search = TreeSnapshot(output).rewritten(since: before).filter { $0.hasPrefix("search/") }
        #expect(report.files.written == 2 + search.count, "the post's page, its API file and the search index's changes")
        #expect(!folder.exists(".sitegen/public/lock"))
    }

    @Test func anOutputThatRefusesFilesStopsTheBuildAtTheFirstOne() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Repository.sitegenBinary),
                     "build the binary first: swift build --build-tests")
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // No file over 1 KiB can be written, as on a full disk: writes fail
        // with EFBIG (SIGXFSZ ignored) and every page of the seed site is larger.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "trap '' XFSZ; ulimit -f 2; exec \"$0\" build --jobs 2 --content \"$1\" --templates \"$2\" --output \"$3\"",
                             Repository.sitegenBinary, Repository.content, Repository.templates, folder.path + "/public"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let report = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let errorLines = report.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(process.terminationStatus == 1)
        #expect((1...2).contains(errorLines.count), "one error per thread at most, not one per file: \(errorLines.count)")
        #expect(errorLines.first?.contains("File too large") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "nothing written, nothing left beside")
    }

    @Test func refusesAFolderItDidNotCreate() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("home/notes.txt", "keep me")
        let failure = #expect(throws: BuildFailure.self) { try Builder.build(output: folder.path + "/home") }
        #expect(failure?.messages.first?.contains("is not empty and was not written by sitegen") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/home") == ["notes.txt"])
        #expect(folder.read("home/notes.txt") == "keep me")
    }

    @Test func refusesToWriteIntoItsOwnInput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let content = try Builder.copyOfSeedContent(into: folder)
        let failure = #expect(throws: BuildFailure.self) { try Builder.build(content: content, output: content + "/site") }
        #expect(failure?.messages.first == "\(content)/site: error: the output folder is inside \(content), which the build reads; choose an output folder outside the content and templates folders")
        #expect(!FileManager.default.fileExists(atPath: content + "/site"))
        #expect(!folder.exists("content/.sitegen"), "nothing is made beside it either")
    }

    @Test func theSameInputGivesTheSameBytesWhateverTheThreadCount() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Builder.build(output: folder.path + "/one", jobs: 1)
        try Builder.build(output: folder.path + "/many", jobs: 7)
        let one = TreeSnapshot(folder.path + "/one").contents
        let many = TreeSnapshot(folder.path + "/many").contents
        #expect(one.count > 800)
        #expect(one == many)
    }
}

@Suite("Build guarantees over many builds")
struct RepeatedBuildTests {
    @Test func successiveEditsRewriteOnlyWhatChangedAndKeepForeignFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (content, output) = try Builder.buildSeedCopy(in: folder)
        try folder.write("public/posts/ui_3/notes.txt", "mine")
        for (round, id) in ["tool_60", "tool_61", "tool_60"].enumerated() {
            let before = TreeSnapshot(output)
            try Builder.editBody(of: content + "/posts/tool/\(id).json", to: "Round \(round)")
            let report = try Builder.build(content: content, output: output)
            let rewritten = TreeSnapshot(output).rewritten(since: before)
            // Besides the search index's chunks of the words the body lost or gained, and its manifest.
            let search = rewritten.filter { $0.hasPrefix("search/") }
            #expect(search.contains("search/index.json") && search.allSatisfy { $0 == "search/index.json" || $0.hasPrefix("search/t/") })
            #expect(report.files.written == 2 + search.count)
            #expect(rewritten.filter { !$0.hasPrefix("search/") } == [".sitegen-manifest", "api/posts/\(id).json", "posts/\(id)/index.html"])
            #expect(folder.read("public/posts/ui_3/notes.txt") == "mine")
        }
        try FileManager.default.removeItem(atPath: output + "/posts/ui_3/notes.txt")
        try FileManager.default.removeItem(atPath: content + "/posts/tool/tool_99.json")
        try Builder.build(content: content, output: output)
        try FileManager.default.removeItem(atPath: content + "/posts/tool/tool_98.json")
        try Builder.build(content: content, output: output)
        #expect(!folder.exists("public/posts/ui_3/notes.txt"), "a foreign file the user removed came back")
        #expect(!folder.exists("public/posts/tool_99/index.html"))
    }

    /// A build does not look again in folders that have been still since the
    /// tree was finished, nor at the files in them; whatever the user changes
    /// in one must still be seen.
    @Test func foreignFilesAreFoundAlsoInFoldersLeftAlone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (content, output) = try Builder.buildSeedCopy(in: folder)
        try FileManager.default.createDirectory(atPath: output + "/posts/ui_5/extra", withIntermediateDirectories: true)
        try folder.write("public/posts/ui_6/old.txt", "old")
        try folder.write("public/posts/ui_8/keep.txt", "keep")
        try folder.write("public/posts/ui_9/notes/a.txt", "a")
        // Both trees get finished once; the live one's folders are then older than its record.
        try Builder.editBody(of: content + "/posts/tool/tool_60.json", to: "Round 1")
        try Builder.editBody(of: content + "/posts/tool/tool_59.json", to: "Round 1")
        try Builder.build(content: content, output: output)
        Thread.sleep(forTimeInterval: 2.5)
        try Builder.editBody(of: content + "/posts/tool/tool_60.json", to: "Round 2")
        try Builder.editBody(of: content + "/posts/tool/tool_59.json", to: "Round 2")
        try Builder.build(content: content, output: output)

        try folder.write("public/posts/ui_5/extra/new.txt", "in a folder of the user's the manifest does not know")
        try folder.write("public/posts/ui_7/notes.txt", "in a folder of the site")
        try folder.write("public/posts/ui_9/notes/b.txt", "b")
        try FileManager.default.removeItem(atPath: output + "/posts/ui_6/old.txt")
        let page = folder.read("public/posts/ui_4/index.html")
        let apiPost = folder.read("public/api/posts/ui_4.json")
        try FileManager.default.removeItem(atPath: output + "/posts/ui_4/index.html")
        try FileManager.default.removeItem(atPath: output + "/api/posts/ui_4.json")
        try FileManager.default.removeItem(atPath: output + "/posts/ui_3")
        // The spare still holds the page as the build before last made it.
        try FileManager.default.removeItem(atPath: output + "/posts/tool_59/index.html")
        try Builder.editBody(of: content + "/posts/tool/tool_60.json", to: "Round 3")
        try Builder.build(content: content, output: output)

        #expect(folder.read("public/posts/ui_5/extra/new.txt") != nil)
        #expect(folder.read("public/posts/ui_7/notes.txt") == "in a folder of the site")
        #expect(folder.read("public/posts/ui_8/keep.txt") == "keep")
        #expect(folder.read("public/posts/ui_9/notes/a.txt") == "a")
        #expect(folder.read("public/posts/ui_9/notes/b.txt") == "b")
        #expect(!folder.exists("public/posts/ui_6/old.txt"), "a foreign file the user removed came back")
        #expect(folder.read("public/posts/tool_60/index.html")?.contains("Round 3") == true)
        #expect(page != nil && folder.read("public/posts/ui_4/index.html") == page, "a page the user removed was not written again")
        #expect(apiPost != nil && folder.read("public/api/posts/ui_4.json") == apiPost)
        #expect(folder.read("public/posts/ui_3/index.html")?.contains("<html") == true, "a folder the user removed was not made again")
        #expect(folder.read("public/posts/tool_59/index.html")?.contains("Round 2") == true, "a removed page came back out of date")
    }

    @Test func aFileTheUserRemovedFromTheOutputDoesNotComeBack() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (content, output) = try Builder.buildSeedCopy(in: folder)
        try folder.write("public/CNAME", "example.org\n")
        try Builder.editBody(of: content + "/posts/ui/ui_4.json", to: "Round 1")
        try Builder.build(content: content, output: output)
        try FileManager.default.removeItem(atPath: output + "/CNAME")
        for round in 2...3 {
            try Builder.editBody(of: content + "/posts/ui/ui_4.json", to: "Round \(round)")
            try Builder.build(content: content, output: output)
            #expect(!folder.exists("public/CNAME"), "round \(round)")
        }
    }

    @Test func aNoChangeBuildTouchesNothingInTheOutputFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.path + "/public"
        try Builder.build(output: output)
        let before = try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date
        let report = try Builder.build(output: output)
        #expect(report.files.written == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date == before)
    }
}

@Suite("Confinement")
struct ConfinementTests {
    @Test func aSymbolicLinkInTheOutputIsNeverWrittenThrough() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (content, output) = try Builder.buildSeedCopy(in: folder)
        try folder.write("elsewhere/keep.txt", "untouched")
        try FileManager.default.removeItem(atPath: output + "/posts")
        try FileManager.default.createSymbolicLink(atPath: output + "/posts", withDestinationPath: folder.path + "/elsewhere")
        try Builder.editBody(of: content + "/posts/ui/ui_1.json", to: "Changed")
        let failure = #expect(throws: BuildFailure.self) { try Builder.build(content: content, output: output) }
        #expect(failure?.messages.first?.contains("a symbolic link stands where sitegen writes a folder") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/elsewhere") == ["keep.txt"])
        #expect(folder.read("elsewhere/keep.txt") == "untouched")
    }
}
