import DefaultTheme
import Foundation
import SiteViews
import TestSupport
import Testing

/// The theme compiled into `sitegen` is the repository's `templates/`, and a
/// site's own `templates/` replaces it file by file.
@Suite("The built-in theme")
struct BuiltInThemeTests {
    private func site() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("content/site.json", ContentFixture.siteJSON())
        try folder.write("content/posts/notes/hello.json", ContentFixture.postJSON(title: "Hello"))
        return folder
    }

    @Test func theBinaryCarriesExactlyTheFilesOfTemplates() throws {
        var onDisk: [String: [UInt8]] = [:]
        let walker = FileManager.default.enumerator(atPath: Repository.templates)
        while let relative = walker?.nextObject() as? String {
            let path = Repository.templates + "/" + relative
            guard !Self.isFolder(path), !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
                  let data = FileManager.default.contents(atPath: path) else { continue }
            onDisk[relative] = [UInt8](data)
        }
        #expect(!onDisk.isEmpty)
        let embedded = Dictionary(DefaultTheme.files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        #expect(embedded.keys.sorted() == onDisk.keys.sorted())
        for (path, bytes) in onDisk {
            #expect(embedded[path] == bytes, "\(path) differs from the theme in the binary; build again")
        }
    }

    @Test func aSiteWithoutTemplatesIsBuiltWithTheBuiltInTheme() throws {
        let folder = try site()
        defer { folder.remove() }
        let result = try SitegenProcess.run(["build"], in: folder.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(folder.read("public/posts/hello/index.html")?.contains("<h1>Hello</h1>") == true)
        #expect(folder.read("public/assets/style.css") == (try String(contentsOfFile: Repository.templates + "/assets/style.css", encoding: .utf8)))
    }

    @Test func replacingOnlyThePostTemplateChangesPostsAndNothingElse() throws {
        let folder = try site()
        defer { folder.remove() }
        #expect(try SitegenProcess.run(["build"], in: folder.path).status == 0)
        let before = TreeSnapshot(folder.path + "/public")
        try folder.write("templates/post.mustache", "{{<layout}}{{$content}}<p class=\"mine\">{{title}}</p>{{/content}}{{/layout}}\n")
        let result = try SitegenProcess.run(["build"], in: folder.path)
        #expect(result.status == 0, "\(result.standardError)")
        let post = folder.read("public/posts/hello/index.html") ?? ""
        #expect(post.contains("<p class=\"mine\">Hello</p>"))
        #expect(post.contains("<link rel=\"stylesheet\""), "the built-in layout is kept")
        #expect(folder.read("public/notes/index.html")?.contains("mine") == false)
        let rewritten = TreeSnapshot(folder.path + "/public").rewritten(since: before)
        #expect(rewritten == [".sitegen-manifest", "posts/hello/index.html"])
    }

    @Test func replacingOnlyTheStylesheetKeepsEveryTemplate() throws {
        let folder = try site()
        defer { folder.remove() }
        try folder.write("templates/assets/style.css", "body { color: teal; }\n")
        #expect(try SitegenProcess.run(["build"], in: folder.path).status == 0)
        #expect(folder.read("public/assets/style.css") == "body { color: teal; }\n")
        #expect(folder.exists("public/assets/favicon.svg"))
        #expect(folder.read("public/posts/hello/index.html")?.contains("<h1>Hello</h1>") == true)
    }

    @Test func aNamedTemplatesFolderMustExist() throws {
        let folder = try site()
        defer { folder.remove() }
        let result = try SitegenProcess.run(["build", "--templates", "mytheme"], in: folder.path)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("mytheme: error: the templates folder does not exist\n"))
        #expect(!folder.exists("public"))
    }

    @Test func aTemplateErrorNamesTheFileItIsIn() throws {
        let folder = try site()
        defer { folder.remove() }
        try folder.write("templates/post.mustache", "{{<layout}}\n{{$content}}{{#title}}{{/content}}{{/layout}}\n")
        let result = try SitegenProcess.run(["check"], in: folder.path)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("templates/post.mustache:2:"))
        // A mistake in a built-in file names it as the built-in theme's.
        let broken = [(path: "post.mustache", bytes: Array("{{#a}}".utf8))] + DefaultTheme.files.filter { $0.path != "post.mustache" }
        #expect(throws: TemplateProblems.self) { try TemplateSet(builtIn: broken, overrides: nil) }
        do {
            _ = try TemplateSet(builtIn: broken, overrides: nil)
        } catch {
            #expect(error.problems.map(\.path) == ["(built-in)/post.mustache"])
        }
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
