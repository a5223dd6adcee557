import Foundation
import SiteBuild
import SiteModel
import TestSupport
import Testing

/// Whatever the cache skipped, an incremental build must give the very
/// bytes a clean build of the same input gives.
@Suite("Incremental builds equal clean builds")
struct IncrementalEqualsCleanTests {
    private func expectSameAsCleanBuild(content: String, templates: String, output: String, in folder: TemporaryFolder) throws {
        let clean = folder.path + "/clean-\(UUID().uuidString)"
        try Builder.build(content: content, templates: templates, output: clean)
        #expect(TreeSnapshot(output).contents == TreeSnapshot(clean).contents)
        try FileManager.default.removeItem(atPath: clean)
    }

    @Test func afterEditsToPostsSettingsAndTemplates() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let templates = folder.path + "/templates"
        try FileManager.default.copyItem(atPath: Repository.templates, toPath: templates)
        let content = try Builder.copyOfSeedContent(into: folder)
        let output = folder.path + "/public"
        try Builder.build(content: content, templates: templates, output: output)

        try Builder.editBody(of: content + "/posts/network/network_42.json", to: "## A new body\n\nWith *emphasis*.")
        try Builder.build(content: content, templates: templates, output: output)
        try expectSameAsCleanBuild(content: content, templates: templates, output: output, in: folder)

        let siteFile = content + "/site.json"
        let settings = try String(contentsOfFile: siteFile, encoding: .utf8)
        try settings.replacingOccurrences(of: "\"title\": \"UI\"", with: "\"title\": \"Interface\"")
            .write(toFile: siteFile, atomically: true, encoding: .utf8)
        try Builder.build(content: content, templates: templates, output: output)
        #expect(folder.read("public/posts/ui_5/index.html")?.contains(">Interface</a>") == true)
        try expectSameAsCleanBuild(content: content, templates: templates, output: output, in: folder)

        let postTemplate = templates + "/post.mustache"
        let template = try String(contentsOfFile: postTemplate, encoding: .utf8)
        try template.replacingOccurrences(of: "<article>", with: "<article class=\"post\">")
            .write(toFile: postTemplate, atomically: true, encoding: .utf8)
        let report = try Builder.build(content: content, templates: templates, output: output)
        #expect(report.files.written >= 400, "every post page shows the new template")
        try expectSameAsCleanBuild(content: content, templates: templates, output: output, in: folder)

        try FileManager.default.removeItem(atPath: content + "/posts/autolayout/autolayout_0.json")
        try Builder.build(content: content, templates: templates, output: output)
        try expectSameAsCleanBuild(content: content, templates: templates, output: output, in: folder)
    }

    /// Post files older than the cache's settling time are taken from the
    /// cache; the test waits that long once so the second build really uses it.
    @Test func whenPostsComeFromTheCache() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let content = try Builder.copyOfSeedContent(into: folder)
        let output = folder.path + "/public"
        Thread.sleep(forTimeInterval: 1.2)
        try Builder.build(content: content, output: output)
        let cacheFile = folder.path + "/.sitegen/public/cache"
        #expect(FileManager.default.fileExists(atPath: cacheFile), "the cache sits in the state folder beside the output")
        let postFiles = FileManager.default.enumerator(atPath: content + "/posts")?.allObjects
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.count
        let cached = FileManager.default.contents(atPath: cacheFile).map { PostCache(bytes: Array($0)).count }
        #expect(cached == postFiles, "every settled post is remembered")

        try Builder.editBody(of: content + "/posts/network/network_7.json", to: "Edited *after* the cache was written.")
        let report = try Builder.build(content: content, output: output)
        #expect(report.files.written >= 1 && report.files.written < 20, "only the pages that show the post")
        #expect(folder.read("public/posts/network_7/index.html")?.contains("<em>after</em>") == true)
        try expectSameAsCleanBuild(content: content, templates: Repository.templates, output: output, in: folder)

        // The cache's own first line, so that the damage is past the version check.
        let header = try #require(try Data(contentsOf: URL(fileURLWithPath: cacheFile)).split(separator: UInt8(ascii: "\n")).first)
        try (Data(header) + Data("\n\u{7}garbage".utf8)).write(to: URL(fileURLWithPath: cacheFile))
        try Builder.editBody(of: content + "/posts/ui/ui_3.json", to: "Edited with a damaged cache.")
        try Builder.build(content: content, output: output)
        try expectSameAsCleanBuild(content: content, templates: Repository.templates, output: output, in: folder)
    }
}
