/// What one walk over a parsed body learns without rendering it: the
/// reading length, the ids its headings get and the links it holds. Made
/// once when a post file is read (the model knows no Markdown: the build
/// passes cmark's walk), kept in the post cache, and read by the link check.
public struct BodyOutline: Sendable, Hashable {
    public var readingLength: ReadingLength
    /// In body order, with the ids the rendered page gives them.
    public var headings: [BodyHeading]
    /// Every link and image of the body, in order.
    public var links: [BodyLink]

    public init(readingLength: ReadingLength = ReadingLength(), headings: [BodyHeading] = [], links: [BodyLink] = []) {
        self.readingLength = readingLength
        self.headings = headings
        self.links = links
    }
}

public struct BodyHeading: Sendable, Hashable {
    /// 1 to 6, as in `<h1>`…`<h6>`.
    public let level: Int
    public let id: String

    public init(level: Int, id: String) {
        self.level = level
        self.id = id
    }
}

/// A link or image as cmark read it: its destination, and where in the body it is written.
public struct BodyLink: Sendable, Hashable {
    /// As cmark gives it (backslash escapes and entities resolved): `../b/`, `/posts/x/#y`, `https://…`.
    public let destination: String
    /// The byte offset, within the body, of the destination (or of the link when the destination is not written there).
    public let offset: Int

    public init(destination: String, offset: Int) {
        self.destination = destination
        self.offset = offset
    }
}
