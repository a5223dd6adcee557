import Foundation
import Glibc
import TestSupport

/// `sitegen serve` run as a user runs it, in a folder of its own, with its
/// temporary folders kept in `temporary` so a test can see none is left.
final class ServeProcess {
    let process = Process()
    let port: UInt16
    private let output = Pipe()
    private let errors = Pipe()
    private(set) var printed = ""

    init(in folder: String, temporary: String, arguments: [String] = []) throws {
        port = try Self.freePort()
        process.executableURL = URL(fileURLWithPath: Repository.sitegenBinary)
        process.arguments = ["serve", "--port", String(port)] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary
        process.environment = environment
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// Reads standard output until a line holds `text`.
    func waitForOutput(_ text: String, timeout: Double = 120) -> Bool {
        let descriptor = output.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(timeout)
        while !printed.contains(text) {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let left = deadline.timeIntervalSinceNow
            guard left > 0, poll(&poller, 1, Int32(min(left, 1) * 1000)) >= 0 else { return false }
            guard poller.revents != 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return false }
            printed += String(decoding: buffer[..<count], as: UTF8.self)
        }
        return true
    }

    /// Sends `signal` and waits for the exit; nil when it did not come in time.
    func stop(with signal: Int32 = SIGINT, timeout: Double = 60) -> Int32? {
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(50_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
    }

    var standardError: String {
        String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
    }

    /// A port nothing listens on now: the system's choice for a socket bound to port 0.
    static func freePort() throws -> UInt16 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw LoopbackError(description: "no free port") }
        return UInt16(bigEndian: address.sin_port)
    }
}
