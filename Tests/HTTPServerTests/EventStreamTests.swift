import Foundation
@testable import HTTPServer
import Testing

@Suite("Event streams")
struct EventStreamTests {
    private func openStream(_ site: ServedSite) throws -> Connection {
        let connection = try Connection(port: site.server.port)
        try connection.send("GET /__sitegen/events HTTP/1.1\r\nHost: localhost:\(site.server.port)\r\nAccept: text/event-stream\r\n\r\n")
        return connection
    }

    @Test func aStreamHearsPublishedEvents() throws {
        let site = try ServedSite()
        let stream = try openStream(site)
        #expect(stream.read(until: "retry: 1000\n\n"))
        #expect(stream.receivedText.contains("Content-Type: text/event-stream"))
        #expect(stream.receivedText.contains("Cache-Control: no-store"))
        site.server.publish(event: "reload", data: "/posts/hello/\n/index.html", retained: false)
        #expect(stream.read(until: "event: reload\ndata: /posts/hello/\ndata: /index.html\n\n"))
        site.server.publish(event: "css", data: "/style.css", retained: false)
        #expect(stream.read(until: "event: css\ndata: /style.css\n\n"))
    }

    @Test func aNewStreamGetsTheLatestRetainedEventOfEachName() throws {
        let site = try ServedSite()
        site.server.publish(event: "error", data: "first", retained: true)
        site.server.publish(event: "error", data: "second", retained: true)
        site.server.publish(event: "reload", data: "/", retained: false)
        let stream = try openStream(site)
        #expect(stream.read(until: "event: error\ndata: second\n\n"))
        #expect(!stream.receivedText.contains("first"))
        #expect(!stream.receivedText.contains("reload"))

        site.server.publish(event: "error", data: "", retained: false)
        let later = try openStream(site)
        #expect(later.read(until: "retry: 1000\n\n"))
        site.server.publish(event: "marker", data: "", retained: false)
        #expect(later.read(until: "event: marker"))
        #expect(!later.receivedText.contains("event: error"))
    }

    @Test func otherMethodsOnTheStreamAreRefused() throws {
        let site = try ServedSite()
        let reply = try site.client.request("/__sitegen/events", method: "HEAD")
        #expect(reply.status == 405)
        #expect(reply.header("Allow") == "GET")
    }

    @Test func fiftyStreamsAtOnceLeaveFilesServed() throws {
        let site = try ServedSite()
        let streams = try (0..<50).map { _ in try openStream(site) }
        for stream in streams { #expect(stream.read(until: "retry: 1000\n\n")) }
        #expect(try site.client.request("/style.css").status == 200)
        site.server.publish(event: "reload", data: "all", retained: false)
        for stream in streams { #expect(stream.read(until: "data: all\n\n")) }
        #expect(site.server.openStreams == 50)
    }

    @Test func stopEndsTheStreamsAndFreesThePort() throws {
        let site = try ServedSite()
        let stream = try openStream(site)
        #expect(stream.read(until: "retry: 1000\n\n"))
        site.server.stop()
        _ = try stream.readToEnd()
        #expect(stream.endedByServer)
        site.server.stop()
        let again = try StaticFileServer(ServerConfiguration(root: site.folder.path, port: site.server.port, portIsFixed: true))
        again.stop()
    }

    @Test func aClosedTabIsNoticedByTheHeartbeat() throws {
        let site = try ServedSite(heartbeat: 0.1)
        let stream = try openStream(site)
        #expect(stream.read(until: "retry: 1000\n\n"))
        #expect(stream.read(until: ":\n\n"))
        #expect(site.server.openStreams == 1)
        stream.close()
        #expect(eventually { site.server.openStreams == 0 })
    }
}
