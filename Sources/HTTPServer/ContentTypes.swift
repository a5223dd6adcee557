/// Content types by file extension, with `charset=utf-8` on text types
/// (sitegen writes UTF-8 only); anything unknown is served as bytes.
enum ContentTypes {
    static let html = "text/html; charset=utf-8"
    static let plainText = "text/plain; charset=utf-8"
    static let unknown = "application/octet-stream"

    private static let byExtension: [String: String] = [
        "html": html, "htm": html,
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
        "json": "application/json; charset=utf-8",
        "map": "application/json; charset=utf-8",
        "xml": "application/xml; charset=utf-8",
        "atom": "application/atom+xml; charset=utf-8",
        "rss": "application/rss+xml; charset=utf-8",
        "xsl": "application/xml; charset=utf-8",
        "txt": plainText, "md": "text/markdown; charset=utf-8",
        "csv": "text/csv; charset=utf-8",
        "webmanifest": "application/manifest+json; charset=utf-8",
        "svg": "image/svg+xml; charset=utf-8",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon", "bmp": "image/bmp",
        "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf",
        "wasm": "application/wasm", "pdf": "application/pdf", "zip": "application/zip",
        "mp4": "video/mp4", "webm": "video/webm", "mp3": "audio/mpeg", "ogg": "audio/ogg",
    ]

    /// sitegen's feeds are Atom documents named `feed.xml`.
    private static let atomFeeds: Set<[UInt8]> = [Array("feed.xml".utf8), Array("atom.xml".utf8)]

    /// The type for a file name (the last path segment).
    static func forName(_ name: [UInt8]) -> String {
        if atomFeeds.contains(name) { return byExtension["atom", default: unknown] }
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return unknown }
        let ext = String(decoding: name[(dot + 1)...], as: UTF8.self).lowercased()
        return byExtension[ext] ?? unknown
    }
}
