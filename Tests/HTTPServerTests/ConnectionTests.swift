import Foundation
import HTTPServer
import Testing

@Suite("Connections")
struct ConnectionTests {
    @Test func keepsTheConnectionAliveBetweenRequests() throws {
        let site = try ServedSite()
        let connection = try Connection(port: site.server.port)
        let request = "GET /style.css HTTP/1.1\r\nHost: localhost\r\n\r\n"
        try connection.send(request + request)
        #expect(connection.read(until: "}HTTP/1.1 200 OK"))
        try connection.send("GET /style.css HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        let all = String(decoding: try connection.readToEnd(), as: UTF8.self)
        #expect(all.components(separatedBy: "HTTP/1.1 200 OK").count == 4)
    }

    @Test(arguments: ["/style.css?v=1733480000", "/posts/h%65llo/", "/caf%C3%A9.html"])
    func servesQueriesAndEncodedNames(target: String) throws {
        let site = try ServedSite(files: ["café.html": "<p>café</p>"])
        #expect(try site.client.request(target).status == 200)
    }

    @Test func aClientLeavingInTheMiddleOfALargeFileLeavesTheServerUp() throws {
        let site = try ServedSite()
        let large = [UInt8](repeating: UInt8(ascii: "x"), count: 8 << 20)
        try site.folder.write("site/large.bin", bytes: large)
        for _ in 0..<5 {
            let connection = try Connection(port: site.server.port)
            try connection.send("GET /large.bin HTTP/1.1\r\nHost: localhost\r\n\r\n")
            connection.readSome()
            connection.close()
        }
        let reply = try site.client.request("/large.bin")
        #expect(reply.status == 200)
        #expect(reply.body.count == large.count)
    }

    @Test func anHTTP10RequestWithoutHostIsServed() throws {
        let site = try ServedSite()
        let connection = try Connection(port: site.server.port)
        try connection.send("GET /style.css HTTP/1.0\r\n\r\n")
        let reply = try RawClient.parse(connection.readToEnd())
        #expect(reply.status == 200)
    }

    @Test func anAddressThatIsNotNumericIsAClearError() {
        #expect(throws: ServerError.self) {
            try StaticFileServer(ServerConfiguration(root: "/tmp", address: "example.com"))
        }
        do {
            _ = try StaticFileServer(ServerConfiguration(root: "/tmp", address: "example.com"))
        } catch {
            #expect(error.description == "cannot listen on example.com: give a numeric IP address such as 127.0.0.1 or ::1")
        }
    }

    @Test func publishingFromManyThreadsWhileTabsComeAndGoIsSafe() throws {
        let site = try ServedSite()
        let server = site.server
        let port = server.port
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            for round in 0..<20 {
                server.publish(event: "e\(index)", data: "\(round)", retained: round % 2 == 1)
                if round % 5 == 0, let connection = try? Connection(port: port) {
                    try? connection.send("GET /__sitegen/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    _ = connection.read(until: "retry: 1000\n\n")
                    connection.close()
                }
            }
        }
        #expect(try site.client.request("/").status == 200)
        let stream = try Connection(port: port)
        try stream.send("GET /__sitegen/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(stream.read(until: "event: e7\ndata: 19\n\n"))
    }
}
