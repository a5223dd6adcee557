import Foundation
import HTTPServer
import TestSupport

/// A small site in a temporary folder, served on a free loopback port.
final class ServedSite {
    let folder: TemporaryFolder
    let server: StaticFileServer
    var client: RawClient { RawClient(port: server.port) }

    static let injection = Array("<script src=\"/__sitegen/reload.js\"></script>".utf8)

    init(basePath: String = "/", withNotFoundPage: Bool = true, heartbeat: Double = 15,
         allowedHosts: [String] = [], files: [String: String] = [:]) throws {
        folder = try TemporaryFolder("http-server-test")
        try folder.write("site/index.html", "<!doctype html><html><head><title>Home</title></head><body><p>Home</p></body></html>\n")
        try folder.write("site/posts/hello/index.html", "<html><body>Hello</BODY></html>")
        try folder.write("site/bare.html", "<p>no body element</p>")
        try folder.write("site/style.css", "body { color: black }")
        try folder.write("site/feed.xml", "<feed xmlns=\"http://www.w3.org/2005/Atom\"></feed>")
        try folder.write("site/logo.png", bytes: [0x89, 0x50, 0x4E, 0x47])
        if withNotFoundPage { try folder.write("site/404.html", "<html><body>Not here</body></html>") }
        for (path, text) in files { try folder.write("site/" + path, text) }
        server = try StaticFileServer(ServerConfiguration(
            root: folder.path + "/site", basePath: basePath, injection: Self.injection,
            allowedHosts: allowedHosts, heartbeatInterval: heartbeat))
    }

    deinit {
        server.stop()
        folder.remove()
    }
}

/// Polls `condition` every 20 ms until it holds or `seconds` pass.
func eventually(within seconds: Double = 20, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        usleep(20_000)
    }
    return try condition()
}
