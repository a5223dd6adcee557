import CMicroHTTPD
import Foundation

/// Serves a folder over HTTP for `sitegen serve`, with an event stream the
/// live-reload script listens to. libmicrohttpd does the HTTP: epoll with a
/// small thread pool; this type chooses what each request gets.
public final class StaticFileServer: Sendable {
    /// The port actually bound.
    public let port: UInt16
    private let handler: RequestHandler
    private let daemon: Daemon

    /// Threads answering requests; event streams hold none while idle. Four
    /// served a 5 KB file faster than two on a 2-core machine (requests block on the disk).
    static let threads = 4

    /// Binds and starts serving.
    public init(_ configuration: ServerConfiguration) throws(ServerError) {
        let hub = EventHub(heartbeatInterval: configuration.heartbeatInterval)
        do {
            handler = try RequestHandler(configuration, hosts: HostName(boundAddress: configuration.address,
                                                                        allowedHosts: configuration.allowedHosts), hub: hub)
        } catch {
            hub.close()
            throw error
        }
        let listening: (socket: Int32, port: UInt16)
        do {
            listening = try ListeningSocket.open(address: configuration.address, port: configuration.port,
                                                 portIsFixed: configuration.portIsFixed)
        } catch {
            hub.close()
            throw error
        }
        port = listening.port
        let options = [
            MHD_OptionItem(option: .LISTEN_SOCKET, value: Int(listening.socket), ptr_value: nil),
            MHD_OptionItem(option: .THREAD_POOL_SIZE, value: Self.threads, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: 120, ptr_value: nil),
            sitegen_mhd_uri_log(Callbacks.logURI, nil),
            sitegen_mhd_notify_completed(Callbacks.completed, nil),
            MHD_OptionItem(option: .END, value: 0, ptr_value: nil),
        ]
        let flags = MHD_USE_EPOLL_INTERNAL_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
        let context = Unmanaged.passUnretained(handler).toOpaque()
        guard let started = options.withUnsafeBufferPointer({
            sitegen_mhd_start(flags, Callbacks.access, context, $0.baseAddress)
        }) else {
            close(listening.socket)
            hub.close()
            throw ServerError("cannot start the HTTP server on \(HostName.url(configuration.address)):\(port)")
        }
        daemon = Daemon(started)
    }

    deinit {
        stop()
    }

    /// Sends a Server-Sent Event to every open event stream. A retained event is
    /// also sent to every stream that opens later (the latest retained event of
    /// each name replaces the earlier); `retained: false` clears the retained one
    /// of that name. `data` may hold several lines.
    public func publish(event: String, data: String, retained: Bool) {
        handler.hub.publish(event: event, data: data, retained: retained)
    }

    /// Ends the event streams and stops serving; the port is free afterwards. Idempotent.
    public func stop() {
        guard let running = daemon.take() else { return }
        handler.hub.close()
        MHD_stop_daemon(running)
    }

    /// How many event streams are open.
    var openStreams: Int {
        handler.hub.count
    }
}

/// The running daemon, taken exactly once by `stop()`.
private final class Daemon: @unchecked Sendable {
    private let lock = NSLock()
    private var pointer: OpaquePointer?

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    func take() -> OpaquePointer? {
        lock.withLock {
            defer { pointer = nil }
            return pointer
        }
    }
}
