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

    /// Names of other sites, which DNS may point at this machine (rebinding),
    /// also ones that look like addresses.
    @Test(arguments: ["evil.example", "evil.example:80", "localhost.evil.example", "127.0.0.1.evil.example",
                      "192.168.1.20.nip.io", "0x7f.1", "127.1", "[::1", "[evil.example]", "1.2.3.4.5"])
    func anUnknownHostIsForbidden(host: String) throws {
        let site = try ServedSite()
        #expect(try site.client.request("/", host: host).status == 403)
        #expect(try site.client.request("/").status == 200)
    }

    /// Another machine reaches a server bound to `0.0.0.0` or `::` by the
    /// address it has on the network: any IP address passes.
    @Test(arguments: ["localhost", "LOCALHOST:4300", "127.0.0.1", "[::1]:1", "blog.test", "blog.test:8080",
                      "192.168.1.20", "192.168.1.20:4747", "10.0.0.7", "[fe80::1]:4747", "[2001:db8::5]"])
    func localNamesAllowedHostsAndAddressesPass(host: String) throws {
        let site = try ServedSite(allowedHosts: ["blog.test"])
        #expect(try site.client.request("/", host: host).status == 200)
    }
}
