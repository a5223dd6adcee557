import Foundation
import Glibc
import TestSupport
import Testing

/// `sitegen serve` when the input is not ready at the start: a first build
/// that fails still gets a page that shows the errors, then the site once
/// they are fixed; a templates folder made while serving applies.
@Suite("sitegen serve, input that comes later", .serialized)
struct ServeLateInputTests {
    static let post = "content/posts/notes/first.json"

    private func makeSite(firstPost: String) throws -> TemporaryFolder {
        let work = try TemporaryFolder("sitegen-serve-late")
        try work.write("content/site.json", ContentFixture.siteJSON(title: "Late Blog"))
        try work.write(Self.post, firstPost)
        try FileManager.default.createDirectory(atPath: work.path + "/tmp", withIntermediateDirectories: true)
        return work
    }

    @Test func aFailedFirstBuildServesTheErrorsThenTheSite() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Repository.sitegenBinary),
                     "build the binary first: swift build --build-tests")
        let work = try makeSite(firstPost: "{\n  \"title\": \"First\",\n  \"desc\" \"no colon\"\n}\n")
        defer { work.remove() }
        let serve = try ServeProcess(in: work.path, temporary: work.path + "/tmp")
        defer { if serve.process.isRunning { _ = serve.stop(with: SIGKILL) } }
        #expect(serve.waitForOutput("serving http://127.0.0.1:\(serve.port)/ "), "printed: \(serve.printed)")

        // Any page: an HTML page carrying the script, whose stream holds the errors.
        let answer = try LoopbackHTTP.response("/posts/first/", port: serve.port)
        #expect(answer.hasPrefix("HTTP/1.1 503"), "\(answer)")
        #expect(answer.contains("Content-Type: text/html; charset=utf-8"))
        #expect(answer.contains("The site has not been built yet"))
        #expect(answer.contains("new EventSource("), "the live reload script is injected")
        let events = try LoopbackHTTP.events(port: serve.port)
        #expect(events.wait(for: "event: problems\ndata: {\"lines\":[\"content/posts/notes/first.json:3:10: error:"),
                "\(events.received)")

        // Fixed: the errors go, every tab reloads, and the site is served.
        let seen = events.received.count
        try work.write(Self.post, ContentFixture.postJSON(title: "First", body: "Now it builds."))
        #expect(events.wait(for: "event: problems\ndata: {\"lines\":[]}", after: seen))
        #expect(events.wait(for: "\"all\":true", after: seen))
        #expect(try LoopbackHTTP.page("/posts/first/", port: serve.port)?.contains("Now it builds.") == true)
        #expect(try LoopbackHTTP.response("/no-such-page/", port: serve.port).hasPrefix("HTTP/1.1 404"))

        #expect(serve.stop(with: SIGINT) == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path + "/tmp").isEmpty, "a temporary folder was left")
    }

    /// With `--output` naming a folder that holds a site already, that site
    /// is the last good one: served, with the errors over its pages.
    @Test func aFailedFirstBuildIntoABuiltOutputServesThatSiteWithTheErrors() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Repository.sitegenBinary))
        let work = try makeSite(firstPost: ContentFixture.postJSON(title: "First", body: "Built before."))
        defer { work.remove() }
        let build = Process()
        build.executableURL = URL(fileURLWithPath: Repository.sitegenBinary)
        build.arguments = ["build", "--quiet", "--output", "site"]
        build.currentDirectoryURL = URL(fileURLWithPath: work.path)
        try build.run()
        build.waitUntilExit()
        try #require(build.terminationStatus == 0)
        try work.write(Self.post, "{\n  \"title\": \"First\",\n  \"desc\" \"no colon\"\n}\n")

        let serve = try ServeProcess(in: work.path, temporary: work.path + "/tmp", arguments: ["--output", "site"])
        defer { if serve.process.isRunning { _ = serve.stop(with: SIGKILL) } }
        #expect(serve.waitForOutput("it shows the errors until they are fixed"), "printed: \(serve.printed)")
        let page = try LoopbackHTTP.page("/posts/first/", port: serve.port)
        #expect(page?.contains("Built before.") == true)
        #expect(page?.contains("new EventSource(") == true, "the live reload script is injected")
        let events = try LoopbackHTTP.events(port: serve.port)
        #expect(events.wait(for: "event: problems\ndata: {\"lines\":[\"content/posts/notes/first.json:3:10: error:"),
                "\(events.received)")
        #expect(serve.stop(with: SIGINT) == 0)
        #expect(work.read("site/posts/first/index.html")?.contains("Built before.") == true, "the built site was kept")
    }

    @Test func aTemplatesFolderMadeWhileServingApplies() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Repository.sitegenBinary))
        let work = try makeSite(firstPost: ContentFixture.postJSON(title: "First", body: "Some words."))
        defer { work.remove() }
        #expect(!work.exists("templates"))
        let serve = try ServeProcess(in: work.path, temporary: work.path + "/tmp")
        defer { if serve.process.isRunning { _ = serve.stop(with: SIGKILL) } }
        #expect(serve.waitForOutput("serving "), "printed: \(serve.printed)")
        #expect(try LoopbackHTTP.page("/posts/first/", port: serve.port)?.contains("Some words.") == true)
        let events = try LoopbackHTTP.events(port: serve.port)
        #expect(events.wait(for: "event: version"))

        let shipped = try String(contentsOfFile: Repository.templates + "/post.mustache", encoding: .utf8)
        let seen = events.received.count
        try work.write("templates/post.mustache", shipped.replacingOccurrences(of: "<article", with: "<article data-late=\"yes\""))
        #expect(events.wait(for: "/posts/first/", after: seen), "\(events.received)")
        #expect(try LoopbackHTTP.page("/posts/first/", port: serve.port)?.contains("data-late=\"yes\"") == true)

        #expect(serve.stop(with: SIGTERM) == 0)
    }
}
