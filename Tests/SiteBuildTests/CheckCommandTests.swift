import Foundation
import TestSupport
import Testing

/// `sitegen check` on a good site: success, warnings shown, nothing written.
@Suite("sitegen check")
struct CheckCommandTests {
    @Test func aGoodSitePassesAndNothingIsWritten() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Repository.sitegenBinary),
                     "build the binary first: swift build --build-tests")
        let work = try TemporaryFolder("sitegen-check")
        defer { work.remove() }
        try work.write("content/site.json", ContentFixture.siteJSON(extra: #""theme": "dark""#))
        try work.write("content/posts/notes/first.json", ContentFixture.postJSON(title: "First"))
        try FileManager.default.copyItem(atPath: Repository.templates, toPath: work.path + "/templates")
        let before = TreeSnapshot(work.path)

        let run = try SitegenProcess.run(["check"], in: work.path)

        #expect(run.status == 0)
        #expect(run.standardError == "content/site.json:4:3: warning: unknown key 'theme' is ignored\n")
        #expect(TreeSnapshot(work.path) == before)
        #expect(!work.exists("public"))
    }
}
