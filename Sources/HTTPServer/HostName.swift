/// The Host header check that keeps a web page from elsewhere from reaching
/// the server through DNS rebinding: only names meaning this machine (and
/// the ones the caller allows) pass, each with or without a port.
struct HostName: Sendable {
    private let accepted: Set<[UInt8]>

    init(boundAddress: String, allowedHosts: [String]) {
        let names = [HostName.url(boundAddress), "localhost", "127.0.0.1", "[::1]"] + allowedHosts
        accepted = Set(names.map { HostName.withoutPort(Array($0.utf8)).map(HostName.lowercased) })
    }

    /// Whether a Host header value names this server. A request without one
    /// (HTTP/1.0) passes: browsers, the only way in for a rebinding attack, always send it.
    func accepts(_ header: [UInt8]?) -> Bool {
        guard let header else { return true }
        return accepted.contains(HostName.withoutPort(header).map(HostName.lowercased))
    }

    /// The address as written in a URL: an IPv6 address gets brackets.
    static func url(_ address: String) -> String {
        address.contains(":") && !address.hasPrefix("[") ? "[\(address)]" : address
    }

    private static func withoutPort(_ host: [UInt8]) -> ArraySlice<UInt8> {
        if host.first == UInt8(ascii: "[") {
            guard let close = host.firstIndex(of: UInt8(ascii: "]")) else { return host[...] }
            return host[...close]
        }
        let colons = host.indices.filter { host[$0] == UInt8(ascii: ":") }
        guard colons.count == 1, let colon = colons.first else { return host[...] }
        return host[..<colon]
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
