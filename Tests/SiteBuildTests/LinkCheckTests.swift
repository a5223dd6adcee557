import Foundation
import SiteBuild
import TestSupport
import Testing

/// The link check of `build` and `check`: a link inside the site must reach
/// a file the build writes, and its fragment an id on that page; a broken
/// one is a warning at its place in the post file (`--strict`: an error).
@Suite("Internal link check")
struct LinkCheckTests {
    private static let site = ContentFixture.siteJSON(baseURL: "https://example.org/blog/", extra: #""license": {"text": "CC BY"}"#)

    /// A Markdown post, a JSON post and a post folder, with links of every kind.
    private func writeSite(in folder: TemporaryFolder) throws {
        try folder.write("content/site.json", Self.site)
        try folder.write("content/static/about.html", "<p>About</p>")
        try folder.write("content/posts/notes/a.md", """
            ---
            title: A
            desc: d
            tags: [Swift]
            ---
            ## Setup

            ## Setup

            ## 视图 控制器

            [b](../b/) [b's heading](/blog/posts/b/#install) [no such heading](../b/#nope)
            [no such post](/blog/posts/zzz/) [tag](/blog/tags/swift/) [not this site](/other/) [web](https://elsewhere.org/x)
            [absolute](https://example.org/blog/posts/b/) [absolute, missing](https://EXAMPLE.org/blog/nothing)
            [second setup](#setup-1) [no third](#setup-3) [中文](#视图-控制器) [encoded](#%E8%A7%86%E5%9B%BE-%E6%8E%A7%E5%88%B6%E5%99%A8)
            [toc](#toc) [tags](#post-tags) [licence](#post-license) [home list](/blog/#latest) [home, no such id](/blog/#nope)
            ![image of a folder](/blog/posts/folder/shot.png) [static](/blog/about.html#anything) [no slash](/blog/posts/b)
            [feed](/blog/feed.xml) [api](/blog/api/posts/b.json) [up and out](../../../x/)
            """)
        try folder.write("content/posts/notes/b.json", #"""
            {"title": "B", "desc": "d",
             "body": "## Install\n\nSee [a](../a/#setup) and [gone](../a/#nothing).\n\n\u00e9 [x](/blog/nope/) \ud83d\ude00 [y](#install-1)"}
            """#)
        try folder.write("content/posts/notes/folder/index.md", "---\ntitle: F\ndesc: d\n---\n![shot](shot.png) [up](../a/#setup)\n")
        try folder.write("content/posts/notes/folder/shot.png", "png")
    }

    private static let expectedWarnings = [
        "content/posts/notes/a.md:12:68: warning: '../b/#nope': the page /blog/posts/b/ has no heading or element with the id 'nope'; "
            + "link to one of its headings' ids (shown in each heading's # link)",
        "content/posts/notes/a.md:13:16: warning: '/blog/posts/zzz/' points to /blog/posts/zzz/, which the site does not have; "
            + "fix the link, or add the page or file it names",
        "content/posts/notes/a.md:14:67: warning: 'https://EXAMPLE.org/blog/nothing' points to /blog/nothing, which the site does not "
            + "have; fix the link, or add the page or file it names",
        "content/posts/notes/a.md:15:37: warning: '#setup-3': this post has no heading or element with the id 'setup-3'; "
            + "link to one of its headings' ids (shown in each heading's # link)",
        "content/posts/notes/a.md:16:103: warning: '/blog/#nope': the page /blog/ has no heading or element with the id 'nope'; "
            + "link to one of its headings' ids (shown in each heading's # link)",
        "content/posts/notes/b.json:2:57: warning: '../a/#nothing': the page /blog/posts/a/ has no heading or element with the id "
            + "'nothing'; link to one of its headings' ids (shown in each heading's # link)",
        "content/posts/notes/b.json:2:87: warning: '/blog/nope/' points to /blog/nope/, which the site does not have; "
            + "fix the link, or add the page or file it names",
        "content/posts/notes/b.json:2:117: warning: '#install-1': this post has no heading or element with the id 'install-1'; "
            + "link to one of its headings' ids (shown in each heading's # link)",
    ]

    @Test func aBrokenLinkIsAWarningAtItsPlaceOnEveryBuildAndInCheck() throws {
        let folder = try TemporaryFolder("sitegen-links")
        defer { folder.remove() }
        try writeSite(in: folder)
        let options = Builder.options(content: folder.path + "/content", output: folder.path + "/public")
        let first = try Build(options: options).run()
        #expect(relative(first.warnings, to: folder) == Self.expectedWarnings)
        // Settled files come from the post cache, outlines and all.
        let sleeper = Date().addingTimeInterval(1.2)
        Thread.sleep(until: sleeper)
        let second = try Build(options: options).run()
        #expect(relative(second.warnings, to: folder) == Self.expectedWarnings)
        let third = try Build(options: options).run()
        #expect(relative(third.warnings, to: folder) == Self.expectedWarnings, "from a cache written after the files settled")
        #expect(relative(try Build(options: options).check(), to: folder) == Self.expectedWarnings)
    }

    @Test func strictMakesWarningsErrorsAndWritesNothing() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Repository.sitegenBinary),
                     "build the binary first: swift build --build-tests")
        let folder = try TemporaryFolder("sitegen-strict")
        defer { folder.remove() }
        try writeSite(in: folder)
        let build = try SitegenProcess.run(["build", "--strict", "--no-sync"], in: folder.path)
        #expect(build.status == 1)
        let errors = Self.expectedWarnings.map { $0.replacingOccurrences(of: ": warning: ", with: ": error: ") }
        #expect(build.standardError == (errors + ["8 errors; nothing was written"]).joined(separator: "\n") + "\n")
        #expect(!folder.exists("public/index.html"))
        let check = try SitegenProcess.run(["check", "--strict"], in: folder.path)
        #expect(check.status == 1)
        #expect(check.standardError == build.standardError)
        let lenient = try SitegenProcess.run(["check"], in: folder.path)
        #expect(lenient.status == 0)
        #expect(lenient.standardError == Self.expectedWarnings.joined(separator: "\n") + "\n")
    }

    /// The ids a link may name on a page are the ids the written page has:
    /// every id found in the built HTML is accepted on its page, and no other
    /// id that any page of the site carries is.
    @Test func theIDsALinkMayNameAreTheIDsOnTheWrittenPage() throws {
        let folder = try TemporaryFolder("sitegen-link-ids")
        defer { folder.remove() }
        try folder.write("content/site.json", ContentFixture.siteJSON(baseURL: "https://example.org/blog/",
                                                                      extra: #""markdown": {"smartPunctuation": true}"#))
        try folder.write("content/posts/notes/many.md", """
            ---
            title: Many headings
            desc: d
            tags: [Swift]
            ---
            # Top
            ## Intro
            ## Intro
            ### Intro
            ## 视图控制器 (UIViewController)
            ## Toc
            ## Main
            ## Post tags
            ## Site search query
            ## A -- B "quoted" `code` *em*
            ## ...
            #### Deep
            """)
        try folder.write("content/posts/notes/few.md", "---\ntitle: Few\ndesc: d\n---\n## Only one\n\nText.\n")
        try folder.write("content/posts/other/plain.json", ContentFixture.postJSON(title: "Plain", body: "No headings."))
        let content = folder.path + "/content"
        try Builder.build(content: content, output: folder.path + "/public")

        let pages = htmlPages(in: folder.path + "/public")
        let universe = pages.values.reduce(Set(["nope"])) { $0.union($1) }
        #expect(pages["posts/many/index.html"]?.isSuperset(of: ["intro", "intro-1", "intro-2", "toc-1", "main-1", "post-tags-1",
                                                                "site-search-query-1", "section", "toc", "post-tags"]) == true)
        var destinations: [(String, Bool)] = []
        for (page, ids) in pages.sorted(by: { $0.key < $1.key }) {
            let url = "/blog/" + page.replacingOccurrences(of: "index.html", with: "")
            for id in universe.sorted() { destinations.append((url + "#" + id, ids.contains(id))) }
        }
        let body = destinations.map { "[l](\($0.0))" }.joined(separator: "\n\n")
        try folder.write("content/posts/links/links.md", "---\ntitle: Links\ndesc: d\n---\n" + body + "\n")
        let options = Builder.options(content: content, output: folder.path + "/public")
        let warned = Set(try Build(options: options).check().compactMap { line in
            line.split(separator: "'").dropFirst().first.map(String.init)
        })
        for (destination, onPage) in destinations where !destination.hasPrefix("/blog/posts/links/") {
            #expect(warned.contains(destination) == !onPage, "\(destination) is \(onPage ? "" : "not ")on its page")
        }
    }

    /// Every file a build writes can be linked to (but the search index's
    /// chunks, which no post has a reason to name).
    @Test func everyFileTheBuildWritesIsALinkTarget() throws {
        let folder = try TemporaryFolder("sitegen-link-files")
        defer { folder.remove() }
        try writeSite(in: folder)
        let content = folder.path + "/content"
        try Builder.build(content: content, output: folder.path + "/public")
        let written = FileManager.default.enumerator(atPath: folder.path + "/public")?.allObjects.compactMap { $0 as? String } ?? []
        let files = written.filter { path in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder.path + "/public/" + path, isDirectory: &isFolder)
            return !isFolder.boolValue && !path.hasPrefix(".sitegen") && !(path.hasPrefix("search/") && path != "search/index.html"
                                                                            && path != "search/index.json")
        }
        #expect(files.count > 20)
        let body = files.sorted().map { "[f](/blog/\($0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0))" }
        try folder.write("content/posts/links/links.md", "---\ntitle: Links\ndesc: d\n---\n" + body.joined(separator: "\n\n") + "\n")
        let warnings = try Build(options: Builder.options(content: content, output: folder.path + "/public")).check()
        #expect(relative(warnings, to: folder) == Self.expectedWarnings)
    }

    @Test func aLinkToAFileThatIsNotBesideThePostIsAWarning() throws {
        let folder = try TemporaryFolder("sitegen-link-files")
        defer { folder.remove() }
        try folder.write("content/site.json", ContentFixture.siteJSON())
        try folder.write("content/posts/c/folder-post/my file.txt", "text")
        try folder.write("content/posts/c/folder-post/shot.png", "png")
        try folder.write("content/posts/c/folder-post/images/big.jpg", "jpg")
        try folder.write("content/posts/c/folder-post/index.md", """
            ---
            title: Links
            desc: d
            ---
            ![there](shot.png) ![also there](./images/big.jpg?v=2#top) [spaces](my%20file.txt)
            ![missing](shot.jpg) and é [missing too](notes/draft.pdf "A title")
            [on this site](https://example.org/a.png) [mail](mailto:me@example.org) [top](#top) [other post](../md-post/)
            `[in code](code.png)` and [by reference][ref]

            ```markdown
            ![in a fence](fenced.png)
            ```

            [ref]: data.csv
            [unused]: unused.csv
            """)
        try folder.write("content/posts/c/md-post.md", "---\ntitle: t\ndesc: d\n---\nSee ![a shot](shot.png).\n")
        try folder.write("content/posts/c/json-post.json", ContentFixture.postJSON(title: "t", body: "![a shot](pic.png)"))
        let warnings = try Build(options: Builder.options(content: folder.path + "/content", output: folder.path + "/public")).check()
        #expect(relative(warnings, to: folder) == [
            "content/posts/c/folder-post/index.md:6:12: warning: 'shot.jpg' is linked but there is no such file in the post's folder; "
                + "add it there, or fix the link",
            "content/posts/c/folder-post/index.md:6:42: warning: 'notes/draft.pdf' is linked but there is no such file in the "
                + "post's folder; add it there, or fix the link",
            "content/posts/c/folder-post/index.md:7:16: warning: 'https://example.org/a.png' points to /a.png, which the site does not "
                + "have; fix the link, or add the page or file it names",
            "content/posts/c/folder-post/index.md:7:79: warning: '#top': this post has no heading or element with the id 'top'; "
                + "link to one of its headings' ids (shown in each heading's # link)",
            "content/posts/c/folder-post/index.md:8:27: warning: 'data.csv' is linked but there is no such file in the post's "
                + "folder; add it there, or fix the link",
            "content/posts/c/json-post.json:4:22: warning: 'pic.png' is linked but there is no such file beside the post; to keep "
                + "files beside a post, make the post a folder (posts/c/json-post/index.md) and put them in it",
            "content/posts/c/md-post.md:5:15: warning: 'shot.png' is linked but there is no such file beside the post; to keep "
                + "files beside a post, make the post a folder (posts/c/md-post/index.md) and put them in it",
        ])
    }

    private func relative(_ lines: [String], to folder: TemporaryFolder) -> [String] {
        lines.map { $0.replacingOccurrences(of: folder.path + "/", with: "") }
    }

    /// The ids of every HTML page of a built site, by path.
    private func htmlPages(in root: String) -> [String: Set<String>] {
        var pages: [String: Set<String>] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: root)?.allObjects ?? [] where path.hasSuffix(".html") {
            guard let html = try? String(contentsOfFile: root + "/" + path, encoding: .utf8) else { continue }
            pages[path] = Set(HTMLTag.all(in: html).compactMap { $0.attributes["id"] })
        }
        return pages
    }
}
