import CMicroHTTPD
import Dispatch
import Foundation

/// The open event streams and the retained events replayed to new ones.
/// A stream with nothing to send is suspended (it costs no thread and no
/// polling) and resumed when something is published to it.
final class EventHub: @unchecked Sendable {
    private let lock = NSLock()
    private var streams: [ObjectIdentifier: EventStream] = [:]
    /// The latest retained event of each name, oldest first.
    private var retained: [(name: String, bytes: [UInt8])] = []
    private var closed = false
    private let heartbeat: DispatchSourceTimer

    /// Sent first on every stream: a client hears at once that it is connected,
    /// and reconnects after a second when the server goes away.
    private static let greeting = Array(": sitegen\nretry: 1000\n\n".utf8)

    init(heartbeatInterval: Double) {
        heartbeat = DispatchSource.makeTimerSource(queue: .global())
        heartbeat.schedule(deadline: .now() + heartbeatInterval, repeating: heartbeatInterval)
        heartbeat.setEventHandler { [weak self] in self?.send(Array(":\n\n".utf8)) }
        heartbeat.resume()
    }

    var count: Int {
        lock.withLock { streams.count }
    }

    /// A new stream primed with the retained events, or nil once the hub is closed.
    func open(connection: OpaquePointer) -> EventStream? {
        lock.withLock {
            guard !closed else { return nil }
            let stream = EventStream(connection: connection, pending: Self.greeting + retained.flatMap(\.bytes))
            streams[ObjectIdentifier(stream)] = stream
            return stream
        }
    }

    /// Called by libmicrohttpd for the next bytes of `stream`: copies what is
    /// pending, or suspends the connection (returning 0) until more comes.
    func read(_ stream: EventStream, into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        lock.withLock {
            let available = stream.pending.count - stream.sent
            guard available > 0 else {
                if stream.closing { return sitegen_mhd_end_of_stream }
                stream.suspended = true
                MHD_suspend_connection(stream.connection)
                return 0
            }
            let count = min(available, max)
            stream.pending.withUnsafeBytes { bytes in
                UnsafeMutableRawBufferPointer(start: buffer, count: count)
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[stream.sent..<(stream.sent + count)]))
            }
            stream.sent += count
            if stream.sent == stream.pending.count {
                stream.pending.removeAll(keepingCapacity: true)
                stream.sent = 0
            }
            return count
        }
    }

    /// The stream's connection is gone (libmicrohttpd freed its response).
    func remove(_ stream: EventStream) {
        lock.withLock { _ = streams.removeValue(forKey: ObjectIdentifier(stream)) }
    }

    func publish(event: String, data: String, retained keep: Bool) {
        let name = String(event.filter { $0 != "\n" && $0 != "\r" })
        var message = Array("event: \(name)\n".utf8)
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            message += Array("data: ".utf8) + Array(line.utf8.filter { $0 != UInt8(ascii: "\r") }) + [UInt8(ascii: "\n")]
        }
        message.append(UInt8(ascii: "\n"))
        lock.withLock {
            retained.removeAll { $0.name == name }
            if keep { retained.append((name, message)) }
        }
        send(message)
    }

    /// Ends every stream and refuses new ones; the server stops its daemon after this.
    func close() {
        heartbeat.cancel()
        let waking = lock.withLock {
            closed = true
            return streams.values.compactMap { stream -> OpaquePointer? in
                stream.closing = true
                return wake(stream)
            }
        }
        waking.forEach(MHD_resume_connection)
    }

    private func send(_ bytes: [UInt8]) {
        let waking = lock.withLock {
            streams.values.compactMap { stream -> OpaquePointer? in
                guard !stream.closing else { return nil }
                stream.pending += bytes
                return wake(stream)
            }
        }
        waking.forEach(MHD_resume_connection)
    }

    /// Marks a suspended stream running and returns its connection, which the
    /// caller resumes after releasing the lock: libmicrohttpd frees streams
    /// (calling `remove`) while holding its own lock, which resuming takes.
    /// Until resumed, the connection stays suspended, so it cannot be freed.
    private func wake(_ stream: EventStream) -> OpaquePointer? {
        guard stream.suspended else { return nil }
        stream.suspended = false
        return stream.connection
    }
}
