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

    public static func filePath(_ destination: String) -> String? {
        var path = Substring(destination)
        if let cut = path.firstIndex(where: { $0 == "#" || $0 == "?" }) { path = path[..<cut] }
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        guard let first = path.first, first != "/", first != "\\", !hasScheme(path),
              !path.split(separator: "/").contains("..") else { return nil }
        return String(path).removingPercentEncoding ?? String(path)
    }

    /// `https:`, `mailto:`: a letter, then letters, digits, `+`, `-` or `.`, then a colon.
    public static func hasScheme(_ path: Substring) -> Bool {
        guard let colon = path.firstIndex(of: ":"), let first = path.first, first.isASCII, first.isLetter else { return false }
        return path[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }
}
