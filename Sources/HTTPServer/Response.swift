import CMicroHTTPD
import Glibc

/// Builds libmicrohttpd responses and queues them: every response carries
/// `X-Content-Type-Options: nosniff`, HTML and event streams `no-store`.
enum Response {
    /// Queues `response` (consumed) on `connection` with `headers`.
    static func queue(_ connection: OpaquePointer, status: UInt32, _ response: OpaquePointer?,
                      contentType: String, headers: [(String, String)] = []) -> MHD_Result {
        guard let response else { return MHD_Result.NO }
        defer { MHD_destroy_response(response) }
        MHD_add_response_header(response, "Content-Type", contentType)
        MHD_add_response_header(response, "X-Content-Type-Options", "nosniff")
        let noStore = contentType == ContentTypes.html || contentType.hasPrefix("text/event-stream")
        MHD_add_response_header(response, "Cache-Control", noStore ? "no-store" : "no-cache")
        for (name, value) in headers {
            MHD_add_response_header(response, name, value)
        }
        return MHD_queue_response(connection, status, response)
    }

    /// A short plain-text answer such as "404 Not Found".
    static func text(_ connection: OpaquePointer, status: UInt32, _ message: String,
                     headers: [(String, String)] = []) -> MHD_Result {
        var bytes = Array((message + "\n").utf8)
        let response = bytes.withUnsafeMutableBytes {
            MHD_create_response_from_buffer($0.count, $0.baseAddress, .RESPMEM_MUST_COPY)
        }
        return queue(connection, status: status, response, contentType: ContentTypes.plainText, headers: headers)
    }

    static func redirect(_ connection: OpaquePointer, status: UInt32, to location: [UInt8]) -> MHD_Result {
        let target = String(decoding: location, as: UTF8.self)
        return text(connection, status: status, "Moved to \(target)", headers: [("Location", target)])
    }

    /// A file's contents; for HTML, `injection` goes before the last `</body>`
    /// (or at the end). Takes ownership of `descriptor`.
    static func file(descriptor: Int32, size: Int, isHTML: Bool, injection: [UInt8]) -> OpaquePointer? {
        guard isHTML, !injection.isEmpty else {
            if size <= bufferedSize {
                defer { close(descriptor) }
                return read(descriptor, size: size, injection: [])
            }
            return MHD_create_response_from_fd(size, descriptor)
        }
        defer { close(descriptor) }
        return read(descriptor, size: size, injection: injection)
    }

    /// An HTML page held in memory, with `injection` put in as into a file.
    static func bytes(_ page: [UInt8], injection: [UInt8]) -> OpaquePointer? {
        let at = page.withUnsafeBytes { HTMLInjection.insertionPoint(in: $0) }
        var whole = Array(page[..<at]) + injection + Array(page[at...])
        return whole.withUnsafeMutableBytes { MHD_create_response_from_buffer($0.count, $0.baseAddress, .RESPMEM_MUST_COPY) }
    }

    /// Files up to this size are read into memory rather than sent with
    /// sendfile, which measured no faster for small files and costs a descriptor per response.
    static let bufferedSize = 64 * 1024

    private static func read(_ descriptor: Int32, size: Int, injection: [UInt8]) -> OpaquePointer? {
        guard let buffer = malloc(max(1, size + injection.count)) else { return nil }
        var filled = 0
        while filled < size {
            let count = Glibc.read(descriptor, buffer + filled, size - filled)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        var length = filled
        if !injection.isEmpty {
            let bytes = UnsafeMutableRawBufferPointer(start: buffer, count: size + injection.count)
            let at = HTMLInjection.insertionPoint(in: UnsafeRawBufferPointer(rebasing: bytes[..<filled]))
            memmove(buffer + at + injection.count, buffer + at, filled - at)
            injection.withUnsafeBytes { UnsafeMutableRawBufferPointer(start: buffer + at, count: $0.count).copyMemory(from: $0) }
            length += injection.count
        }
        return MHD_create_response_from_buffer_with_free_callback(length, buffer, free)
    }
}
