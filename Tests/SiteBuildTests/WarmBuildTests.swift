import Foundation
import SiteBuild
import TestSupport
import Testing

/// A process that keeps a `BuildMemory` between builds (`sitegen serve`)
/// and is told what changed must give the bytes a clean build gives, and
/// say exactly which files it wrote and removed.
@Suite("Warm builds equal clean builds")
struct WarmBuildTests {
    private func expectSameAsCleanBuild(_ options: BuildOptions, in folder: TemporaryFolder) throws {
        var clean = options
        clean.outputDirectory = folder.path + "/clean-\(UUID().uuidString)"
        _ = try Build(options: clean).run()
        #expect(TreeSnapshot(options.outputDirectory).contents == TreeSnapshot(clean.outputDirectory).contents)
        try FileManager.default.removeItem(atPath: clean.outputDirectory)
    }

    @Test(arguments: [true, false])
    func afterEditsToPostsSettingsAndTemplates(ownsOutput: Bool) throws {
        let (folder, content, templates, options, memory, build) = try Builder.warmSite(ownsOutput: ownsOutput, copyingTemplates: true)
        defer { memory.release(); folder.remove() }
        let first = try build.run(keeping: memory, changes: .everything)
        #expect(first.written.count == first.files.written)

        // A body edit: the post's page, its API file and the feeds that show it (its tags' too), and the search
        // index's manifest and chunks of the words the body lost or gained.
        let post = content + "/posts/network/network_0.json"
        try Builder.editBody(of: post, to: "## A new body\n\nWith *emphasis*.")
        let edit = try build.run(keeping: memory, changes: .paths([post]))
        #expect(Set(edit.written.filter { !$0.hasPrefix("search/") })
                == ["posts/network_0/index.html", "api/posts/network_0.json", "feed.xml", "network/feed.xml",
                    "tags/swift/feed.xml", "tags/uikit/feed.xml"])
        #expect(edit.written.contains("search/index.json"))
        #expect(edit.removed.isEmpty)
        #expect(folder.read("site/posts/network_0/index.html")?.contains("<em>emphasis</em>") == true)
        try expectSameAsCleanBuild(options, in: folder)

        // Nothing changed: nothing written.
        let idle = try build.run(keeping: memory, changes: .paths([post]))
        #expect(idle.written.isEmpty && idle.removed.isEmpty)

        // A title: every page that lists the post.
        let settingsFile = content + "/site.json"
        let settings = try String(contentsOfFile: settingsFile, encoding: .utf8)
        try settings.replacingOccurrences(of: "\"title\": \"UI\"", with: "\"title\": \"Interface\"")
            .write(toFile: settingsFile, atomically: true, encoding: .utf8)
        _ = try build.run(keeping: memory, changes: .paths([settingsFile]))
        #expect(folder.read("site/posts/ui_5/index.html")?.contains(">Interface</a>") == true)
        try expectSameAsCleanBuild(options, in: folder)

        // A template the memory holds compiled.
        let postTemplate = templates + "/post.mustache"
        let template = try String(contentsOfFile: postTemplate, encoding: .utf8)
        try template.replacingOccurrences(of: "<article", with: "<article data-warm=\"yes\"")
            .write(toFile: postTemplate, atomically: true, encoding: .utf8)
        let restyled = try build.run(keeping: memory, changes: .paths([postTemplate]))
        #expect(restyled.written.count >= 400, "every post page shows the new template")
        try expectSameAsCleanBuild(options, in: folder)

        // A post removed: its files are reported removed.
        let removedPost = content + "/posts/autolayout/autolayout_0.json"
        try FileManager.default.removeItem(atPath: removedPost)
        let removal = try build.run(keeping: memory, changes: .paths([removedPost]))
        #expect(removal.removed.contains("posts/autolayout_0/index.html"))
        try expectSameAsCleanBuild(options, in: folder)
    }

    /// A body edit that changes how long the post reads changes every list
    /// that shows it (its category's page, its tags' pages),
    /// and an edit to a post's tags moves it between tag pages.
    @Test func editsShownOnListsReachEveryList() throws {
        let (folder, content, _, options, memory, build) = try Builder.warmSite()
        defer { memory.release(); folder.remove() }
        _ = try build.run(keeping: memory, changes: .everything)
        let post = content + "/posts/network/network_0.json"

        // About 2,300 words: ten minutes.
        try Builder.editBody(of: post, to: String(repeating: "word ", count: 2300))
        let longer = try build.run(keeping: memory, changes: .paths([post]))
        for page in ["site/network/index.html", "site/tags/swift/index.html", "site/tags/uikit/index.html"] {
            #expect(folder.read(page)?.contains("10 min read") == true, "\(page) shows the new length")
        }
        #expect(longer.written.contains("network/index.html") && longer.written.contains("tags/swift/index.html"))
        try expectSameAsCleanBuild(options, in: folder)

        // Two posts of one list page at once: the page is rendered once, showing both.
        let neighbours = [content + "/posts/network/network_1.json", content + "/posts/network/network_2.json"]
        for file in neighbours { try Builder.editBody(of: file, to: String(repeating: "word ", count: 4600)) }
        _ = try build.run(keeping: memory, changes: .paths(Set(neighbours)))
        #expect(folder.read("site/network/index.html")?.components(separatedBy: "20 min read").count == 3)
        try expectSameAsCleanBuild(options, in: folder)

        var fields = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: post))) as? [String: Any])
        fields["tags"] = ["swift", "A brand new tag"]
        try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]).write(to: URL(fileURLWithPath: post))
        _ = try build.run(keeping: memory, changes: .paths([post]))
        #expect(folder.read("site/tags/a-brand-new-tag/index.html")?.contains("title_network_0") == true)
        #expect(folder.read("site/tags/uikit/index.html")?.contains("title_network_0") != true)
        try expectSameAsCleanBuild(options, in: folder)
    }

    /// A warm body edit is link-checked as a clean build is: a link to a
    /// heading another edit then removes is reported, with the same words.
    @Test func warmEditsAreLinkCheckedAsACleanBuildIs() throws {
        let (folder, content, _, options, memory, build) = try Builder.warmSite()
        defer { memory.release(); folder.remove() }
        _ = try build.run(keeping: memory, changes: .everything)
        let linking = content + "/posts/network/network_0.json"
        let linked = content + "/posts/network/network_1.json"
        try Builder.editBody(of: linked, to: "## Kept heading\n\nText.")
        try Builder.editBody(of: linking, to: "See [the heading](../network_1/#kept-heading).")
        let linkedOnce = try build.run(keeping: memory, changes: .paths([linking, linked]))
        #expect(linkedOnce.warnings == (try build.check()))

        try Builder.editBody(of: linked, to: "## Another heading\n\nText.")
        let broken = try build.run(keeping: memory, changes: .paths([linked]))
        #expect(broken.warnings.count == linkedOnce.warnings.count + 1, "\(broken.warnings)")
        #expect(broken.warnings == (try build.check()))

        // The link fixed, then its new heading removed: the warm check follows the link to its new id.
        try Builder.editBody(of: linking, to: "See [the heading](../network_1/#another-heading).")
        let fixed = try build.run(keeping: memory, changes: .paths([linking]))
        #expect(fixed.warnings == linkedOnce.warnings)
        try Builder.editBody(of: linked, to: "## Third heading\n\nText.")
        let brokenAgain = try build.run(keeping: memory, changes: .paths([linked]))
        #expect(brokenAgain.warnings.count == linkedOnce.warnings.count + 1, "\(brokenAgain.warnings)")
        #expect(brokenAgain.warnings == (try build.check()))
        try expectSameAsCleanBuild(options, in: folder)
    }

    /// The changes a failed build was given are looked at again by the next,
    /// even when that one is told only of another file.
    @Test func aFailedBuildsChangesAreNotForgotten() throws {
        let (folder, content, templates, options, memory, build) = try Builder.warmSite(copyingTemplates: true)
        defer { memory.release(); folder.remove() }
        _ = try build.run(keeping: memory, changes: .everything)

        let postTemplate = templates + "/post.mustache"
        let good = try String(contentsOfFile: postTemplate, encoding: .utf8)
        try (good + "{{#unclosed}}").write(toFile: postTemplate, atomically: true, encoding: .utf8)
        #expect(throws: BuildFailure.self) { try build.run(keeping: memory, changes: .paths([postTemplate])) }
        try good.replacingOccurrences(of: "<article", with: "<article data-fixed=\"yes\"")
            .write(toFile: postTemplate, atomically: true, encoding: .utf8)
        let post = content + "/posts/network/network_0.json"
        try Builder.editBody(of: post, to: "Edited while the template was broken.")
        _ = try build.run(keeping: memory, changes: .paths([post]))
        #expect(folder.read("site/posts/ui_5/index.html")?.contains("data-fixed=\"yes\"") == true)
        try expectSameAsCleanBuild(options, in: folder)
    }
}
