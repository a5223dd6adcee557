/// Where the site is served: an absolute http(s) origin and a path that
/// always begins and ends with `/`, so links can be joined without doubling.
public struct BaseURL: Sendable, Hashable {
    /// `https://example.org` — scheme, host and port, no trailing slash.
    public let origin: String
    /// `/` or `/blog/`.
    public let path: String

    public var absolute: String { origin + path }

    /// Nil unless `text` is an absolute http or https URL without query or fragment.
    public init?(_ text: String) {
        let lowered = text.lowercased()
        let scheme: String
        if lowered.hasPrefix("https://") {
            scheme = "https://"
        } else if lowered.hasPrefix("http://") {
            scheme = "http://"
        } else {
            return nil
        }
        let rest = text.dropFirst(scheme.count)
        guard !rest.contains("?"), !rest.contains("#"), !rest.contains(where: { $0.isWhitespace || $0 == "\\" }) else {
            return nil
        }
        let hostEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        let host = rest[rest.startIndex..<hostEnd]
        guard !host.isEmpty, !host.contains("@"), !host.hasPrefix(":") else { return nil }
        var path = String(rest[hostEnd...])
        if path.isEmpty { path = "/" }
        if !path.hasSuffix("/") { path += "/" }
        guard !path.contains("//"), !path.split(separator: "/").contains(where: { $0 == "." || $0 == ".." }) else {
            return nil
        }
        self.origin = scheme + host.lowercased()
        self.path = path
    }
}
