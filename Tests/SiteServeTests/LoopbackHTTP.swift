import Foundation
import Glibc

/// Just enough HTTP over a loopback socket to talk to `sitegen serve` as a
/// browser would: a page fetched whole, and an event stream read as it comes.
final class LoopbackHTTP {
    private let descriptor: Int32
    private(set) var received = ""

    init(port: UInt16) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            throw LoopbackError(description: "cannot connect to 127.0.0.1:\(port)")
        }
    }

    deinit {
        Glibc.close(descriptor)
    }

    /// The body of `GET path`, or nil when the status is not 200.
    static func page(_ path: String, port: UInt16) throws -> String? {
        let whole = try response(path, port: port)
        guard whole.hasPrefix("HTTP/1.1 200"), let end = whole.range(of: "\r\n\r\n") else { return nil }
        return String(whole[end.upperBound...])
    }

    /// The whole answer to `GET path`: status line, headers and body.
    static func response(_ path: String, port: UInt16) throws -> String {
        let connection = try LoopbackHTTP(port: port)
        try connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        while connection.readSome(timeout: 20) {}
        return connection.received
    }

    /// An open `/__sitegen/events` stream.
    static func events(port: UInt16) throws -> LoopbackHTTP {
        let connection = try LoopbackHTTP(port: port)
        try connection.send("GET /__sitegen/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n")
        return connection
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard Glibc.send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else {
            throw LoopbackError(description: "send failed")
        }
    }

    /// Reads what arrives within `timeout` seconds; false at the end of the stream or when nothing came.
    @discardableResult
    func readSome(timeout: Double) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(timeout * 1000)) == 1 else { return false }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return false }
        received += String(decoding: buffer[..<count], as: UTF8.self)
        return true
    }

    /// Reads until `text` has arrived after `offset` (a count of characters already seen), or `timeout` passes.
    func wait(for text: String, after offset: Int = 0, timeout: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !received.dropFirst(offset).contains(text) {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return false }
            readSome(timeout: min(left, 1))
        }
        return true
    }
}

struct LoopbackError: Error, CustomStringConvertible {
    let description: String
}
