import Foundation
import SiteBuild
import TestSupport
import Testing

/// `content/static/` lands at the top of the output, as it is, with every
/// guarantee of the other files: incremental, removed when removed, refused
/// when it would stand where a page goes.
@Suite("The static folder")
struct StaticFolderTests {
    private func site() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("content/site.json", ContentFixture.siteJSON())
        try folder.write("content/posts/notes/hello.json", ContentFixture.postJSON(title: "Hello"))
        return folder
    }

    @discardableResult
    private func build(_ folder: TemporaryFolder) throws(BuildFailure) -> BuildReport {
        try Builder.build(content: folder.path + "/content", output: folder.path + "/public")
    }

    @Test func filesAndDotFilesAreCopiedAsTheyAre() throws {
        let folder = try site()
        defer { folder.remove() }
        try folder.write("content/static/CNAME", "blog.example.org\n")
        try folder.write("content/static/.nojekyll", "")
        try folder.write("content/static/.well-known/security.txt", "Contact: mailto:a@example.org\n")
        try folder.write("content/static/images/logo.png", bytes: [0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF])
        try build(folder)
        #expect(folder.read("public/CNAME") == "blog.example.org\n")
        #expect(folder.read("public/.nojekyll") == "")
        #expect(folder.read("public/.well-known/security.txt") == "Contact: mailto:a@example.org\n")
        #expect(FileManager.default.contents(atPath: folder.path + "/public/images/logo.png") == Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF]))
        #expect(folder.read("public/index.html")?.contains("Hello") == true)
    }

    @Test func anUnchangedStaticFileIsNotRewrittenAndARemovedOneIsRemoved() throws {
        let folder = try site()
        defer { folder.remove() }
        try folder.write("content/static/.nojekyll", "")
        try folder.write("content/static/keep.txt", "keep\n")
        try folder.write("content/static/old/gone.txt", "gone\n")
        try build(folder)
        let before = TreeSnapshot(folder.path + "/public")
        let again = try build(folder)
        #expect(again.files.written == 0)
        #expect(TreeSnapshot(folder.path + "/public") == before)

        try FileManager.default.removeItem(atPath: folder.path + "/content/static/old")
        try folder.write("content/static/keep.txt", "changed\n")
        let third = try build(folder)
        #expect(third.files.removed == 1)
        #expect(!folder.exists("public/old/gone.txt"))
        #expect(!folder.exists("public/old"))
        #expect(folder.read("public/keep.txt") == "changed\n")
        #expect(folder.exists("public/.nojekyll"))
    }

    @Test func aFileOfTheUsersInAFolderStaticFilesLeaveStays() throws {
        let folder = try site()
        defer { folder.remove() }
        try folder.write("content/static/old/gone.txt", "gone\n")
        try build(folder)
        try folder.write("public/old/mine/keep.txt", "the user's\n")
        try FileManager.default.removeItem(atPath: folder.path + "/content/static/old")
        try build(folder)
        #expect(!folder.exists("public/old/gone.txt"))
        #expect(folder.read("public/old/mine/keep.txt") == "the user's\n")
    }

    @Test func aStaticFileWhereTheBuildWritesAPageIsAnErrorNamingBoth() throws {
        let folder = try site()
        defer { folder.remove() }
        try build(folder)
        let before = TreeSnapshot(folder.path + "/public")
        try folder.write("content/static/feed.xml", "<feed/>")
        try folder.write("content/static/posts/hello/index.html", "<p>mine</p>")
        try folder.write("content/static/notes", "a file where the category's folder goes")
        try folder.write("content/static/index.html/extra.txt", "under the home page")
        let content = folder.path + "/content/static"
        let output = folder.path + "/public"
        #expect(throws: BuildFailure.self) { try build(folder) }
        do {
            try build(folder)
        } catch {
            #expect(error.messages.sorted() == [
                "\(content)/feed.xml: error: the build writes \(output)/feed.xml itself; rename or remove the static file",
                "\(content)/index.html/extra.txt: error: the build writes \(output)/index.html as a file, so it cannot be a folder of static files",
                "\(content)/notes: error: the build writes pages into the folder \(output)/notes/; rename or remove the static file",
                "\(content)/posts/hello/index.html: error: the build writes \(output)/posts/hello/index.html itself; rename or remove the static file",
            ])
        }
        #expect(TreeSnapshot(output) == before)
    }

    @Test func aSymbolicLinkOrAReservedNameIsAnErrorAndNothingIsWritten() throws {
        let folder = try site()
        defer { folder.remove() }
        try folder.write("secret.txt", "not for the site\n")
        try folder.write("content/static/ok.txt", "ok\n")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/content/static/link.txt",
                                                   withDestinationPath: folder.path + "/secret.txt")
        try folder.write("content/static/.sitegen-manifest", "mine")
        let result = try SitegenProcess.run(["build"], in: folder.path)
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "content/static/.sitegen-manifest: error: names starting with '.sitegen' are kept for sitegen's own files in the output; rename it"))
        #expect(result.standardError.contains(
            "content/static/link.txt: error: a symbolic link; static files are copied as they are, so put the file itself here"))
        #expect(!folder.exists("public"))
    }
}
