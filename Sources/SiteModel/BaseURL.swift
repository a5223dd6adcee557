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
        guard BaseURL.isHost(host), !rest.contains(where: BaseURL.isUnsafe) else { return nil }
        var path = String(rest[hostEnd...])
        if path.isEmpty { path = "/" }
        if !path.hasSuffix("/") { path += "/" }
        guard !path.contains("//"), !path.split(separator: "/").contains(where: { $0 == "." || $0 == ".." }) else {
            return nil
        }
        self.origin = scheme + host.lowercased()
        self.path = path
    }

    /// A name or address, then an optional numeric port: `example.org`,
    /// `127.0.0.1:8080`, `[::1]:8080`. No user info, nothing empty.
    private static func isHost(_ host: Substring) -> Bool {
        var name = host
        if let colon = host.lastIndex(of: ":"), !host[colon...].contains("]") {
            let port = host[host.index(after: colon)...]
            guard !port.isEmpty, port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber) else { return false }
            name = host[..<colon]
        }
        if name.hasPrefix("[") {
            return name.count > 2 && name.hasSuffix("]") && name.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        return !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" }
    }

    /// Characters a URL must percent-encode, which would otherwise end up
    /// raw in every link of the site.
    private static func isUnsafe(_ character: Character) -> Bool {
        character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } || "<>\"'`{}|^".contains(character)
    }
}
