import Foundation
import Glibc
import Testing

/// Requests that try to leave the served folder or reach what it hides,
/// sent raw: each gets its status, never the secret, and the server stays up.
@Suite("Unsafe requests")
struct UnsafeRequestTests {
    static let secret = "SECRET outside the served folder"

    private static func site() throws -> ServedSite {
        let site = try ServedSite(files: [
            ".hidden.html": "<p>hidden</p>",
            ".state/cache": "state",
        ])
        let root = site.folder.path + "/site"
        try site.folder.write("secret.txt", secret)
        try FileManager.default.createSymbolicLink(atPath: root + "/out", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: root + "/secret-link.txt", withDestinationPath: "../secret.txt")
        try FileManager.default.createSymbolicLink(atPath: root + "/absolute-link.txt", withDestinationPath: site.folder.path + "/secret.txt")
        try FileManager.default.createSymbolicLink(atPath: root + "/inside-link.css", withDestinationPath: "style.css")
        #expect(mkfifo(root + "/pipe", 0o644) == 0)
        return site
    }

    @Test(arguments: [
        ("/../secret.txt", 400),
        ("/posts/../../secret.txt", 400),
        ("/%2e%2e/secret.txt", 400),
        ("/%2E%2E/secret.txt", 400),
        ("/posts/%2e%2e/%2e%2e/secret.txt", 400),
        ("/./index.html", 400),
        ("/%2e/index.html", 400),
        ("/..%2fsecret.txt", 400),
        ("/posts%2fhello/index.html", 400),
        ("/..\\secret.txt", 400),
        ("/posts%5c..%5c..%5csecret.txt", 400),
        ("/index.html%00.css", 400),
        ("/posts//hello/", 400),
        ("//secret.txt", 400),
        ("/%zz", 400),
        ("/index.html%2", 400),
        ("/.hidden.html", 404),
        ("/.state/cache", 404),
        ("/%2estate/cache", 404),
        ("/out/secret.txt", 404),
        ("/secret-link.txt", 404),
        ("/absolute-link.txt", 404),
        ("/pipe", 404),
        ("/posts/", 404),
        ("/index.html/", 404),
        ("/inside-link.css", 200),
    ])
    func isAnsweredAndTheServerStaysUp(target: String, status: Int) throws {
        let site = try Self.site()
        let reply = try site.client.request(target)
        #expect(reply.status == status)
        #expect(!reply.text.contains(Self.secret))
        #expect(try site.client.request("/").status == 200)
    }
}
