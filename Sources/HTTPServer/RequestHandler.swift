import CMicroHTTPD
import Glibc

/// Answers one request: the Host check, the event stream, GET and HEAD on
/// files under the base path, redirects, and the site's 404 page. Immutable
/// and shared by libmicrohttpd's threads.
final class RequestHandler: Sendable {
    let folder: ServedFolder
    let hosts: HostName
    /// `basePath` as decoded segments, and as written (`/blog/`).
    let baseSegments: [[UInt8]]
    let basePath: [UInt8]
    let eventsPath: [UInt8]
    let injection: [UInt8]
    let placeholder: [UInt8]
    let hub: EventHub

    init(_ configuration: ServerConfiguration, hosts: HostName, hub: EventHub) throws(ServerError) {
        folder = ServedFolder(root: configuration.root)
        self.hosts = hosts
        var base = configuration.basePath
        if !base.hasPrefix("/") { base = "/" + base }
        if !base.hasSuffix("/") { base += "/" }
        guard let target = try? RequestTarget(raw: Array(base.utf8)[...]) else {
            throw ServerError("the base path \(configuration.basePath) is not a plain URL path")
        }
        baseSegments = target.segments
        basePath = Array(base.utf8)
        eventsPath = Array(configuration.eventsPath.utf8)
        injection = configuration.injection
        placeholder = configuration.placeholder
        self.hub = hub
    }

    func respond(_ connection: OpaquePointer, method: String, raw: ArraySlice<UInt8>) -> MHD_Result {
        guard hosts.accepts(header(connection, "Host")) else {
            return Response.text(connection, status: 403, "403 Forbidden: unknown Host")
        }
        if raw.prefix(while: { $0 != UInt8(ascii: "?") }).elementsEqual(eventsPath) {
            guard method == "GET" else {
                return Response.text(connection, status: 405, "405 Method Not Allowed", headers: [("Allow", "GET")])
            }
            return stream(connection)
        }
        guard method == "GET" || method == "HEAD" else {
            return Response.text(connection, status: 405, "405 Method Not Allowed", headers: [("Allow", "GET, HEAD")])
        }
        let target: RequestTarget
        do {
            target = try RequestTarget(raw: raw)
        } catch .malformed {
            return Response.text(connection, status: 400, "400 Bad Request")
        } catch {
            return notFound(connection)
        }
        guard target.segments.starts(with: baseSegments) else {
            if target.segments.isEmpty { return Response.redirect(connection, status: 302, to: basePath + target.query) }
            return notFound(connection)
        }
        if target.segments.count == baseSegments.count, !target.hasTrailingSlash, !baseSegments.isEmpty {
            return Response.redirect(connection, status: 301, to: basePath + target.query)
        }
        let segments = target.segments.dropFirst(baseSegments.count)
        let relative = Array(segments.joined(separator: [UInt8(ascii: "/")]))
        switch folder.open(relative) {
        case .file(let descriptor, let size):
            guard !target.hasTrailingSlash || segments.isEmpty else {
                close(descriptor)
                return notFound(connection)
            }
            return serve(connection, status: 200, descriptor: descriptor, size: size, name: segments.last ?? [])
        case .folder:
            guard target.hasTrailingSlash else {
                return Response.redirect(connection, status: 301, to: Array(target.rawPath) + [UInt8(ascii: "/")] + target.query)
            }
            let index = Array("index.html".utf8)
            guard case .file(let descriptor, let size) = folder.open(relative.isEmpty ? index : relative + [UInt8(ascii: "/")] + index) else {
                return notFound(connection)
            }
            return serve(connection, status: 200, descriptor: descriptor, size: size, name: index)
        case .none:
            return notFound(connection)
        }
    }

    private func serve(_ connection: OpaquePointer, status: UInt32, descriptor: Int32, size: Int, name: [UInt8]) -> MHD_Result {
        let type = ContentTypes.forName(name)
        let response = Response.file(descriptor: descriptor, size: size, isHTML: type == ContentTypes.html, injection: injection)
        return Response.queue(connection, status: status, response, contentType: type)
    }

    /// The site's own `404.html` (at the top of the served folder) with status
    /// 404, else a line of text; the placeholder page while there is no folder.
    private func notFound(_ connection: OpaquePointer) -> MHD_Result {
        let page = Array("404.html".utf8)
        guard case .file(let descriptor, let size) = folder.open(page) else {
            if !placeholder.isEmpty, case .none = folder.open([]) {
                return Response.queue(connection, status: 503, Response.bytes(placeholder, injection: injection),
                                      contentType: ContentTypes.html)
            }
            return Response.text(connection, status: 404, "404 Not Found")
        }
        return serve(connection, status: 404, descriptor: descriptor, size: size, name: page)
    }

    private func stream(_ connection: OpaquePointer) -> MHD_Result {
        guard let stream = hub.open(connection: connection) else {
            return Response.text(connection, status: 503, "503 Service Unavailable: the server is stopping")
        }
        let context = Unmanaged.passRetained(StreamContext(hub: hub, stream: stream)).toOpaque()
        let response = MHD_create_response_from_callback(UInt64.max, 4096, Callbacks.readStream, context, Callbacks.freeStream)
        if response == nil { Callbacks.freeStream(context) }
        return Response.queue(connection, status: 200, response, contentType: "text/event-stream; charset=utf-8")
    }

    private func header(_ connection: OpaquePointer, _ name: String) -> [UInt8]? {
        guard let value = MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, name) else { return nil }
        return Array(UnsafeRawBufferPointer(start: value, count: strlen(value)))
    }
}

/// What libmicrohttpd hands back to the stream callbacks.
final class StreamContext: Sendable {
    let hub: EventHub
    let stream: EventStream

    init(hub: EventHub, stream: EventStream) {
        self.hub = hub
        self.stream = stream
    }
}
