import Foundation
import Glibc
import TestSupport
import Testing

/// `sitegen serve` through the binary, on a free loopback port: an edit is
/// served and announced, a broken file keeps the last good page and shows
/// the errors, a fix clears them; `public/` is never written, and Ctrl-C
/// ends it with status 0 and no temporary folder left.
@Suite("sitegen serve", .serialized)
struct ServeEndToEndTests {
    static let post = "content/posts/notes/first.json"

    private func makeSite() throws -> TemporaryFolder {
        let work = try TemporaryFolder("sitegen-serve-test")
        try work.write("content/site.json", ContentFixture.siteJSON(title: "Served Blog", baseURL: "https://example.org/blog/"))
        try work.write(Self.post, ContentFixture.postJSON(title: "First", body: "The first words."))
        try work.write("content/posts/notes/second.json", ContentFixture.postJSON(title: "Second", date: "2020-01-02"))
        try FileManager.default.createDirectory(atPath: work.path + "/tmp", withIntermediateDirectories: true)
        return work
    }

    @Test func editsAreServedErrorsShownAndNothingIsLeftBehind() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Repository.sitegenBinary),
                     "build the binary first: swift build --build-tests")
        let work = try makeSite()
        defer { work.remove() }
        let serve = try ServeProcess(in: work.path, temporary: work.path + "/tmp")
        defer { if serve.process.isRunning { _ = serve.stop(with: SIGKILL) } }
        let url = "http://127.0.0.1:\(serve.port)/blog/"
        #expect(serve.waitForOutput("serving \(url) "), "printed: \(serve.printed)\n\(serve.standardError)")

        let page = "/blog/posts/first/"
        let first = try #require(try LoopbackHTTP.page(page, port: serve.port))
        #expect(first.contains("The first words."))
        #expect(!first.contains("example.org"), "links point at the local server")
        #expect(try LoopbackHTTP.page("/blog/sitemap.xml", port: serve.port)?.contains("<loc>\(url)posts/first/</loc>") == true)
        #expect(first.contains("new EventSource("), "the live reload script is injected")
        let events = try LoopbackHTTP.events(port: serve.port)
        #expect(events.wait(for: "event: version"))

        // An edit: served, and announced for that page.
        var seen = events.received.count
        try work.write(Self.post, ContentFixture.postJSON(title: "First", body: "Words written while serving."))
        #expect(events.wait(for: "event: reload\ndata: {\"pages\":[\"/blog/posts/first/\"]", after: seen))
        #expect(try LoopbackHTTP.page(page, port: serve.port)?.contains("Words written while serving.") == true)

        // Broken: the last good page stays, and the errors go to every tab, also one opened later.
        seen = events.received.count
        try work.write(Self.post, "{\n  \"title\": \"First\",\n  \"desc\" \"no colon\"\n}\n")
        let problem = "content/posts/notes/first.json:3:10: error:"
        #expect(events.wait(for: "event: problems\ndata: {\"lines\":[\"\(problem)", after: seen), "\(events.received)")
        #expect(try LoopbackHTTP.page(page, port: serve.port)?.contains("Words written while serving.") == true)
        let later = try LoopbackHTTP.events(port: serve.port)
        #expect(later.wait(for: problem))

        // Fixed: the errors are cleared and the new text served.
        seen = events.received.count
        try work.write(Self.post, ContentFixture.postJSON(title: "First", body: "Fixed again."))
        #expect(events.wait(for: "event: problems\ndata: {\"lines\":[]}", after: seen))
        #expect(try LoopbackHTTP.page(page, port: serve.port)?.contains("Fixed again.") == true)

        #expect(serve.stop(with: SIGINT) == 0)
        #expect(!work.exists("public"), "serve wrote public/")
        #expect(!work.exists(".sitegen"), "serve left state beside the site")
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path + "/tmp").isEmpty, "a temporary folder was left")
    }

    @Test func aTakenPortIsAClearErrorAndSIGTERMStopsCleanly() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Repository.sitegenBinary))
        let work = try makeSite()
        defer { work.remove() }
        let serve = try ServeProcess(in: work.path, temporary: work.path + "/tmp")
        defer { if serve.process.isRunning { _ = serve.stop(with: SIGKILL) } }
        #expect(serve.waitForOutput("serving "))

        let second = try ServeProcess(in: work.path, temporary: work.path + "/tmp", arguments: ["--port", String(serve.port)])
        second.process.waitUntilExit()
        #expect(second.process.terminationStatus == 1)
        #expect(second.standardError.contains("127.0.0.1:\(serve.port) is in use"))

        #expect(serve.stop(with: SIGTERM) == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path + "/tmp").isEmpty)
    }
}
