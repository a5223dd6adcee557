import Foundation
import TestSupport
import Testing

/// A site written as a blogger coming from Hugo or Jekyll would write it:
/// JSON and Markdown posts side by side, and a post folder with its image,
/// built by the binary.
@Suite("Markdown posts and post folders, end to end")
struct MarkdownSiteTests {
    private static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]

    private func writeSite(in folder: TemporaryFolder) throws {
        try FileManager.default.copyItem(atPath: Repository.templates, toPath: folder.path + "/templates")
        try folder.write("content/site.json", ContentFixture.siteJSON(baseURL: "https://example.org/blog/"))
        try folder.write("content/posts/notes/from-json.json",
                         ContentFixture.postJSON(title: "From JSON", body: "A *JSON* body.", date: "2015-10-13"))
        try folder.write("content/posts/notes/from-markdown.md", """
            ---
            title: "Swift: the good parts"
            description: One line for the lists.
            date: 2015-10-14T08:30:00Z
            draft: false
            ---
            ## Markdown body

            Written *in Markdown*.

            """)
        try folder.write("content/posts/notes/with-image/index.md", """
            ---
            title: A post with its image
            summary: The image sits beside it.
            date: 2015-10-15
            ---
            ![The screen](screen.png)

            """)
        try folder.write("content/posts/notes/with-image/screen.png", bytes: Self.png)
    }

    @Test func buildsJSONAndMarkdownPostsAndCopiesAPostFoldersImage() throws {
        let folder = try TemporaryFolder("sitegen-markdown")
        defer { folder.remove() }
        try writeSite(in: folder)

        let run = try SitegenProcess.run(["build"], in: folder.path)

        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.isEmpty)
        let markdown = try #require(folder.read("public/posts/from-markdown/index.html"))
        #expect(markdown.contains("<h2 id=\"markdown-body\">Markdown body <a class=\"heading-anchor\" href=\"#markdown-body\""))
        #expect(markdown.contains("<em>in Markdown</em>"))
        #expect(markdown.contains("Swift: the good parts"))
        #expect(try #require(folder.read("public/posts/from-json/index.html")).contains("<em>JSON</em>"))
        let page = try #require(folder.read("public/posts/with-image/index.html"))
        #expect(page.contains(#"<img src="screen.png" alt="The screen" />"#))
        #expect(FileManager.default.contents(atPath: folder.path + "/public/posts/with-image/screen.png") == Data(Self.png))
        let home = try #require(folder.read("public/index.html"))
        for summary in ["One line for the lists.", "The image sits beside it."] { #expect(home.contains(summary)) }
    }

    @Test func anImageRemovedFromItsFolderIsRemovedFromTheSite() throws {
        let folder = try TemporaryFolder("sitegen-markdown")
        defer { folder.remove() }
        try writeSite(in: folder)
        #expect(try SitegenProcess.run(["build"], in: folder.path).status == 0)
        try FileManager.default.removeItem(atPath: folder.path + "/content/posts/notes/with-image/screen.png")
        try folder.write("content/posts/notes/with-image/other.png", bytes: Self.png)

        #expect(try SitegenProcess.run(["build"], in: folder.path).status == 0)

        #expect(!folder.exists("public/posts/with-image/screen.png"))
        #expect(folder.exists("public/posts/with-image/other.png"))
    }
}
