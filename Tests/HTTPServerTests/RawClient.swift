import Foundation
import Glibc

/// A client that sends requests byte for byte as written (no URL
/// normalisation), over a loopback socket with generous timeouts.
struct RawClient {
    struct Reply {
        let status: Int
        let headers: [String: String]
        let body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
        func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    let port: UInt16

    /// Sends `GET target` (or another method) with `Connection: close` and reads the whole reply.
    func request(_ target: String, method: String = "GET", host: String? = nil, extra: String = "") throws -> Reply {
        let hostLine = host.map { "Host: \($0)\r\n" } ?? "Host: 127.0.0.1:\(port)\r\n"
        let connection = try Connection(port: port)
        defer { connection.close() }
        try connection.send("\(method) \(target) HTTP/1.1\r\n\(hostLine)Connection: close\r\n\(extra)\r\n")
        return try Self.parse(connection.readToEnd())
    }

    static func parse(_ bytes: [UInt8]) throws -> Reply {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else {
            throw ClientError("no complete header in \(String(decoding: bytes, as: UTF8.self))")
        }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusWords = lines[0].split(separator: " ")
        guard statusWords.count >= 2, let status = Int(statusWords[1]) else { throw ClientError("bad status line \(lines[0])") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Reply(status: status, headers: headers, body: Array(bytes[(end + 4)...]))
    }
}

struct ClientError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One TCP connection to the server on 127.0.0.1.
final class Connection {
    private(set) var descriptor: Int32
    private(set) var received: [UInt8] = []
    /// Whether the server closed the connection (rather than a read timing out).
    private(set) var endedByServer = false

    init(port: UInt16, timeout: Int = 20) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            throw ClientError("cannot connect to port \(port): errno \(errno)")
        }
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard Glibc.send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else { throw ClientError("send failed") }
    }

    /// Reads once; false at the end of the stream or on timeout.
    @discardableResult
    func readSome() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        if count == 0 { endedByServer = true }
        guard count > 0 else { return false }
        received += buffer[..<count]
        return true
    }

    func readToEnd() throws -> [UInt8] {
        while readSome() {}
        guard endedByServer else { throw ClientError("no end of reply: \(receivedText)") }
        return received
    }

    /// Reads until the text received so far contains `text`; false if the stream ends or times out first.
    func read(until text: String) -> Bool {
        let needle = Array(text.utf8)
        while !contains(needle) {
            guard readSome() else { return contains(needle) }
        }
        return true
    }

    var receivedText: String { String(decoding: received, as: UTF8.self) }

    private func contains(_ needle: [UInt8]) -> Bool {
        guard received.count >= needle.count else { return false }
        return received.indices.dropLast(needle.count - 1).contains { received[$0...].starts(with: needle) }
    }

    func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    deinit { close() }
}
