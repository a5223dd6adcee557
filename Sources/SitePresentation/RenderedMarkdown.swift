/// A post body after one walk over cmark's tree: the HTML, and what the
/// walk learned on the way (headings for the table of contents, the first
/// image for the social card).
public struct RenderedMarkdown: Sendable {
    public let html: HTML
    /// Every heading, in order, with the id its element carries.
    public let headings: [Heading]
    /// The destination of the body's first image, as written.
    public let firstImage: String?
    /// What the search index reads, taken on the same walk: the text a reader
    /// sees outside headings (code blocks and alt text left out), and that of
    /// the headings, one a line.
    public var text: [UInt8] = []
    public var headingText: [UInt8] = []

    public struct Heading: Sendable, Hashable {
        /// 1 to 6, as in `<h1>`…`<h6>`.
        public let level: Int
        /// The heading's text, without markup.
        public let title: String
        public let id: String

        public init(level: Int, title: String, id: String) {
            self.level = level
            self.title = title
            self.id = id
        }
    }
}
