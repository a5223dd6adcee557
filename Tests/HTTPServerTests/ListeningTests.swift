import Foundation
import HTTPServer
import Testing

@Suite("Listening")
struct ListeningTests {
    @Test func aTakenPortMovesToTheNextUnlessFixed() throws {
        let site = try ServedSite()
        let taken = site.server.port
        let next = try StaticFileServer(ServerConfiguration(root: site.folder.path, port: taken))
        defer { next.stop() }
        #expect(next.port != taken)
        #expect(next.port > taken)
        do {
            let fixed = try StaticFileServer(ServerConfiguration(root: site.folder.path, port: taken, portIsFixed: true))
            fixed.stop()
            Issue.record("a fixed port that is taken must fail")
        } catch {
            #expect(error.description == "127.0.0.1:\(taken) is in use; choose another port with --port")
        }
    }

    @Test(arguments: ["evil.example", "evil.example:80", "127.0.0.2", "localhost.evil.example"])
    func anUnknownHostIsForbidden(host: String) throws {
        let site = try ServedSite()
        #expect(try site.client.request("/", host: host).status == 403)
        #expect(try site.client.request("/").status == 200)
    }

    @Test(arguments: ["localhost", "LOCALHOST:4300", "127.0.0.1", "[::1]:1", "blog.test", "blog.test:8080"])
    func localNamesAndAllowedHostsPass(host: String) throws {
        let site = try ServedSite(allowedHosts: ["blog.test"])
        #expect(try site.client.request("/", host: host).status == 200)
    }
}
