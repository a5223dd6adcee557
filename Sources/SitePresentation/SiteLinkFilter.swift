import SiteModel

/// Tells, on a destination's bytes and before any String is made, whether
/// it may point inside the site: anything without a scheme (relative,
/// root-relative, a fragment), and http(s) or scheme-relative URLs on the
/// site's host. Most links of a blog lead elsewhere; the outline keeps only
/// these, so the post cache and the link check carry no others.
struct SiteLinkFilter: Sendable {
    /// `example.org` or `127.0.0.1:8080`, lowercased; nil keeps every link.
    private let authority: [UInt8]?

    init(base: BaseURL?) {
        authority = base.map { base in
            Array(base.origin.utf8.drop { $0 != UInt8(ascii: "/") }.drop { $0 == UInt8(ascii: "/") })
        }
    }

    func mayPointInside(_ url: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let authority else { return true }
        var rest = url[...]
        let slashes = [UInt8(ascii: "/"), UInt8(ascii: "/")]
        if let colon = Self.schemeEnd(url) {
            let scheme = url[..<colon].map { $0 | 0x20 }
            guard scheme.elementsEqual("http".utf8) || scheme.elementsEqual("https".utf8) else { return false }
            rest = url[(colon + 1)...]
            guard rest.starts(with: slashes) else { return false }
        } else if !rest.starts(with: slashes) {
            return true
        }
        let host = rest.dropFirst(2).prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        return host.count == authority.count && zip(host, authority).allSatisfy { lowercased($0) == $1 }
    }

    private func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// The index of the colon ending a scheme (`https:`): an ASCII letter, then letters, digits, `+`, `-` or `.`.
    private static func schemeEnd(_ url: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = url.first, (first | 0x20) >= UInt8(ascii: "a"), (first | 0x20) <= UInt8(ascii: "z") else { return nil }
        for (index, byte) in url.enumerated().dropFirst() {
            switch byte {
            case UInt8(ascii: ":"): return index
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."): continue
            default: return nil
            }
        }
        return nil
    }
}
