import Foundation
import HTTPServer
import Testing

@Suite("Serving files")
struct FileServingTests {
    @Test func servesAFolderIndexWithHTMLHeadersAndTheInjection() throws {
        let site = try ServedSite()
        let reply = try site.client.request("/")
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type") == "text/html; charset=utf-8")
        #expect(reply.header("Cache-Control") == "no-store")
        #expect(reply.header("X-Content-Type-Options") == "nosniff")
        #expect(reply.text.contains("<p>Home</p><script src=\"/__sitegen/reload.js\"></script></body></html>\n"))
        #expect(site.folder.read("site/index.html")
            == "<!doctype html><html><head><title>Home</title></head><body><p>Home</p></body></html>\n")
    }

    @Test func insertsBeforeTheLastClosingBodyInAnyCaseOrAppends() throws {
        let site = try ServedSite()
        let post = try site.client.request("/posts/hello/")
        #expect(post.text == "<html><body>Hello<script src=\"/__sitegen/reload.js\"></script></BODY></html>")
        let bare = try site.client.request("/bare.html")
        #expect(bare.text == "<p>no body element</p><script src=\"/__sitegen/reload.js\"></script>")
        #expect(bare.header("Content-Length") == String(bare.body.count))
    }

    @Test(arguments: [
        ("/style.css", "text/css; charset=utf-8"),
        ("/feed.xml", "application/atom+xml; charset=utf-8"),
        ("/logo.png", "image/png"),
    ])
    func givesContentTypesAndLeavesOtherFilesAsTheyAre(path: String, type: String) throws {
        let site = try ServedSite()
        let reply = try site.client.request(path)
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type") == type)
        #expect(reply.header("Cache-Control") != "no-store")
        #expect(reply.body == Array(try Data(contentsOf: URL(fileURLWithPath: site.folder.path + "/site" + path))))
    }

    @Test func answersHeadWithTheHeadersOfGetAndNoBody() throws {
        let site = try ServedSite()
        let get = try site.client.request("/posts/hello/")
        let head = try site.client.request("/posts/hello/", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.header("Content-Length") == get.header("Content-Length"))
        #expect(head.header("Content-Type") == get.header("Content-Type"))
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "OPTIONS"])
    func refusesOtherMethods(method: String) throws {
        let site = try ServedSite()
        let reply = try site.client.request("/", method: method, extra: "Content-Length: 4\r\n\r\nabcd")
        #expect(reply.status == 405)
        #expect(reply.header("Allow") == "GET, HEAD")
    }

    @Test func redirectsAFolderAskedWithoutItsSlashKeepingTheQuery() throws {
        let site = try ServedSite()
        let reply = try site.client.request("/posts/hello?x=1")
        #expect(reply.status == 301)
        #expect(reply.header("Location") == "/posts/hello/?x=1")
    }

    @Test func servesTheSitesNotFoundPageWithStatus404() throws {
        let site = try ServedSite()
        let reply = try site.client.request("/missing.html")
        #expect(reply.status == 404)
        #expect(reply.header("Content-Type") == "text/html; charset=utf-8")
        #expect(reply.text.contains("Not here<script"))
        let folderWithoutIndex = try site.client.request("/posts/")
        #expect(folderWithoutIndex.status == 404)
    }

    @Test func answersPlainTextWhenTheSiteHasNoNotFoundPage() throws {
        let site = try ServedSite(withNotFoundPage: false)
        let reply = try site.client.request("/missing.html")
        #expect(reply.status == 404)
        #expect(reply.header("Content-Type") == "text/plain; charset=utf-8")
    }

    @Test func servesOnlyUnderTheBasePath() throws {
        let site = try ServedSite(basePath: "/blog/")
        #expect(try site.client.request("/blog/style.css").status == 200)
        #expect(try site.client.request("/blog/").text.contains("<p>Home</p>"))
        let root = try site.client.request("/")
        #expect(root.status == 302)
        #expect(root.header("Location") == "/blog/")
        let bare = try site.client.request("/blog")
        #expect(bare.status == 301)
        #expect(bare.header("Location") == "/blog/")
        #expect(try site.client.request("/style.css").status == 404)
    }
}

@Suite("Serving a folder swapped in place")
struct SwapTests {
    @Test func aRequestAfterTheServedFolderIsReplacedSeesTheNewTree() throws {
        let site = try ServedSite()
        #expect(try site.client.request("/style.css").text == "body { color: black }")
        try site.folder.write("next/style.css", "body { color: red }")
        try FileManager.default.moveItem(atPath: site.folder.path + "/site", toPath: site.folder.path + "/old")
        try FileManager.default.moveItem(atPath: site.folder.path + "/next", toPath: site.folder.path + "/site")
        #expect(try site.client.request("/style.css").text == "body { color: red }")
        #expect(try site.client.request("/index.html").status == 404)
    }
}
