import Foundation

/// A link or image of a post's body that may point inside the site: what
/// the link check and the missing-file warning look at. Found by the walk
/// that makes the body's outline, never by reading the Markdown again.
public struct PostLink: Sendable, Hashable {
    /// As cmark gives it: `shot.png`, `../other/#setup`, `/posts/x/`.
    public let destination: String
    /// Where, in the body's bytes, the destination is written; made a line
    /// and column of the file (`Post.location(of:)`) only for a message.
    public let bodyOffset: Int

    public init(destination: String, bodyOffset: Int) {
        self.destination = destination
        self.bodyOffset = bodyOffset
    }

    /// The file this link names in the post's folder, as the file is named
    /// (query, fragment and `./` taken off, `%20` decoded); nil for a URL
    /// (`https:`, `mailto:`), a root-relative path (`/about/`), a fragment
    /// (`#top`) and a path that climbs out of the folder (`../other/`).
    public var fileBesidePost: String? {
        Self.filePath(destination)
    }

    /// Read as bytes: a link is cut at ASCII characters only, and every link
    /// of every post passes here, on one thread, after loading.
    public static func filePath(_ destination: String) -> String? {
        let utf8 = Substring(destination).utf8
        var path = utf8[..<(utf8.firstIndex { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") } ?? utf8.endIndex)]
        while path.starts(with: "./".utf8) { path = path.dropFirst(2) }
        guard let first = path.first, first != UInt8(ascii: "/"), first != UInt8(ascii: "\\"),
              !hasScheme(Substring(path)), !path.split(separator: UInt8(ascii: "/")).contains(where: { $0.elementsEqual("..".utf8) })
        else { return nil }
        let text = String(Substring(path))
        return path.contains(UInt8(ascii: "%")) ? text.removingPercentEncoding ?? text : text
    }

    /// `https:`, `mailto:`: a letter, then letters, digits, `+`, `-` or `.`, then a colon.
    /// Read as bytes: every character of a scheme is ASCII.
    public static func hasScheme(_ path: Substring) -> Bool {
        var isFirst = true
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: ":"):
                return !isFirst
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                break
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                if isFirst { return false }
            default:
                return false
            }
            isFirst = false
        }
        return false
    }
}
