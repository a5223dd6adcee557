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
            var origin = base.origin
            return origin.withUTF8 { origin in
                // What follows the slashes after the scheme; nothing without them.
                guard var start = origin.firstIndex(of: UInt8(ascii: "/")) else { return [] }
                while start < origin.count, origin[start] == UInt8(ascii: "/") { start += 1 }
                return Array(UnsafeBufferPointer(rebasing: origin[start...]))
            }
        }
    }

    /// Read in place, making nothing: a body's every link comes here, and
    /// the scheme lowered into an array and compared as a generic sequence
    /// cost some 700 instructions a link.
    func mayPointInside(_ url: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let authority else { return true }
        var slashes = 0
        if let colon = Self.schemeEnd(url) {
            guard Self.isHTTP(url, schemeEnd: colon) else { return false }
            slashes = colon + 1
            guard Self.hasTwoSlashes(url, at: slashes) else { return false }
        } else if !Self.hasTwoSlashes(url, at: 0) {
            return true
        }
        let hostStart = slashes + 2
        var hostEnd = hostStart
        while hostEnd < url.count, url[hostEnd] != UInt8(ascii: "/"), url[hostEnd] != UInt8(ascii: "?"), url[hostEnd] != UInt8(ascii: "#") {
            hostEnd += 1
        }
        guard hostEnd - hostStart == authority.count else { return false }
        for (byte, expected) in zip(url[hostStart..<hostEnd], authority) where lowercased(byte) != expected { return false }
        return true
    }

    /// `http` or `https` before the colon at `schemeEnd`, in any case.
    private static func isHTTP(_ url: UnsafeBufferPointer<UInt8>, schemeEnd: Int) -> Bool {
        guard schemeEnd == 4 || schemeEnd == 5 else { return false }
        guard url[0] | 0x20 == UInt8(ascii: "h"), url[1] | 0x20 == UInt8(ascii: "t"), url[2] | 0x20 == UInt8(ascii: "t"),
              url[3] | 0x20 == UInt8(ascii: "p") else { return false }
        return schemeEnd == 4 || url[4] | 0x20 == UInt8(ascii: "s")
    }

    private static func hasTwoSlashes(_ url: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + 1 < url.count && url[index] == UInt8(ascii: "/") && url[index + 1] == UInt8(ascii: "/")
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
