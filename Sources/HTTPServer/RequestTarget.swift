/// A request target as the client sent it, checked and percent-decoded one
/// segment at a time. libmicrohttpd hands the access handler a decoded URL
/// whose dot segments are left in and whose `%2f` has become a separator, so
/// the server parses the raw target itself.
struct RequestTarget {
    enum Problem: Error {
        /// Dot segments, empty segments, encoded separators, backslashes,
        /// NUL bytes, bad percent escapes: 400.
        case malformed
        /// A dot-file or dot-folder (sitegen's own state files): 404.
        case hidden
    }

    /// The path as sent, without the query: it is already encoded for a Location header.
    let rawPath: ArraySlice<UInt8>
    /// `?` and what follows, or empty.
    let query: ArraySlice<UInt8>
    /// The decoded segments, none empty, `.`, `..`, or holding `/`, `\` or NUL.
    let segments: [[UInt8]]
    let hasTrailingSlash: Bool

    init(raw: ArraySlice<UInt8>) throws(Problem) {
        guard raw.first == UInt8(ascii: "/") else { throw .malformed }
        let end = raw.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? raw.endIndex
        rawPath = raw[..<end]
        query = raw[end...].prefix { $0 != UInt8(ascii: "#") }
        var parts = rawPath.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        hasTrailingSlash = parts.last?.isEmpty ?? true
        if hasTrailingSlash, !parts.isEmpty { parts.removeLast() }
        var segments: [[UInt8]] = []
        segments.reserveCapacity(parts.count)
        for part in parts {
            segments.append(try RequestTarget.decode(part))
        }
        self.segments = segments
    }

    private static func decode(_ part: ArraySlice<UInt8>) throws(Problem) -> [UInt8] {
        guard !part.isEmpty else { throw .malformed }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(part.count)
        var index = part.startIndex
        while index < part.endIndex {
            var byte = part[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < part.endIndex, let high = hexValue(part[index + 1]),
                      let low = hexValue(part[index + 2]) else { throw .malformed }
                byte = high << 4 | low
                index += 2
            }
            guard byte != 0, byte != UInt8(ascii: "/"), byte != UInt8(ascii: "\\") else { throw .malformed }
            decoded.append(byte)
            index += 1
        }
        if decoded == [UInt8(ascii: ".")] || decoded == [UInt8(ascii: "."), UInt8(ascii: ".")] {
            throw .malformed
        }
        if decoded.first == UInt8(ascii: ".") { throw .hidden }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
