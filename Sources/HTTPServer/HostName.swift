import Glibc

/// The Host header check that keeps a web page from elsewhere from reaching
/// the server through DNS rebinding (a name of the attacker's that resolves
/// to this machine): `localhost`, the names the caller allows and IP
/// addresses pass, each with or without a port; other names do not. An IP
/// address names no site, so no page can have its cookies or origin: that
/// is what a machine reaching a server bound to another address sends.
struct HostName: Sendable {
    private let accepted: Set<[UInt8]>

    init(boundAddress: String, allowedHosts: [String]) {
        let names = [HostName.url(boundAddress), "localhost"] + allowedHosts
        accepted = Set(names.map { HostName.withoutPort(Array($0.utf8)).map(HostName.lowercased) })
    }

    /// Whether a Host header value names this server. A request without one
    /// (HTTP/1.0) passes: browsers, the only way in for a rebinding attack, always send it.
    func accepts(_ header: [UInt8]?) -> Bool {
        guard let header else { return true }
        let host = HostName.withoutPort(header)
        return accepted.contains(host.map(HostName.lowercased)) || HostName.isAddress(host)
    }

    /// The address as written in a URL: an IPv6 address gets brackets.
    static func url(_ address: String) -> String {
        address.contains(":") && !address.hasPrefix("[") ? "[\(address)]" : address
    }

    /// A dotted IPv4 address (four decimal numbers, as browsers write one),
    /// or an IPv6 address in brackets.
    static func isAddress(_ host: ArraySlice<UInt8>) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        if host.first == UInt8(ascii: "["), host.last == UInt8(ascii: "]") {
            let inside = String(decoding: host.dropFirst().dropLast(), as: UTF8.self)
            return inet_pton(AF_INET6, inside, &buffer) == 1
        }
        return inet_pton(AF_INET, String(decoding: host, as: UTF8.self), &buffer) == 1
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
