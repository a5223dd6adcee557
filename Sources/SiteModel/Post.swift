/// One blog post, as its file says it; knows nothing of pages or HTML.
///
/// Its fields live in one shared, immutable box: a post is copied at every
/// step of the build (sorted, grouped, placed on pages), and a copy is then
/// one reference instead of eight.
public struct Post: Sendable {
    public var id: String { box.fields.id }
    /// The slug of the category folder the file sits in.
    public var category: String { box.fields.category }
    public var title: String { box.fields.title }
    /// The one-line summary shown in lists (the `desc` key).
    public var summary: String { box.fields.summary }
    public var date: PostDate? { box.fields.date }
    public var isDraft: Bool { box.fields.isDraft }
    /// Tags, author, updated and reading length.
    public var details: PostDetails { box.fields.details }
    /// Where the post came from, for messages: `content/posts/ui/ui_0.json`.
    public var sourcePath: String { box.fields.sourcePath }
    /// A hash of the whole post file: it changes whenever anything the post
    /// says does, so it stands for the post in cache keys.
    public var sourceHash: UInt64 { box.fields.sourceHash }
    var bodySource: BodySource { box.fields.bodySource }
    /// The body's links and images, placed in the file, found when the file was read.
    public var links: [PostLink] { box.fields.links }
    /// The body's headings with the ids its page gives them, found with the links.
    public var headings: [BodyHeading] { box.fields.headings }

    private let box: Box

    /// A post read from a file leaves its body there until a page needs it,
    /// and keeps only where the body starts (found by the reader, or
    /// recorded by the cache); a post made in memory holds its body.
    enum BodySource: Sendable, Equatable {
        case inMemory([UInt8])
        /// A JSON post: the body is the string whose opening quote is at `offset`.
        case file(offset: Int)
        /// A Markdown post: the body is every byte from `offset` to the end.
        case fileTail(offset: Int)
    }

    private struct Fields: Sendable {
        let id: String
        let category: String
        let title: String
        let summary: String
        let date: PostDate?
        let isDraft: Bool
        let details: PostDetails
        let sourcePath: String
        let sourceHash: UInt64
        let bodySource: BodySource
        let links: [PostLink]
        let headings: [BodyHeading]
    }

    private final class Box: Sendable {
        let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    public init(id: String, category: String, title: String, summary: String, body: String,
                date: PostDate?, isDraft: Bool = false, details: PostDetails = PostDetails(), sourcePath: String,
                sourceHash: UInt64? = nil) {
        let markdown = Array(body.utf8)
        self.init(id: id, category: category, title: title, summary: summary, bodySource: .inMemory(markdown), date: date,
                  isDraft: isDraft, details: details, sourcePath: sourcePath, sourceHash: sourceHash ?? StableHash.of(markdown))
    }

    init(id: String, category: String, title: String, summary: String, bodySource: BodySource,
         date: PostDate?, isDraft: Bool, details: PostDetails = PostDetails(), sourcePath: String, sourceHash: UInt64,
         links: [PostLink] = [], headings: [BodyHeading] = []) {
        box = Box(Fields(id: id, category: category, title: title, summary: summary, date: date, isDraft: isDraft,
                         details: details, sourcePath: sourcePath, sourceHash: sourceHash, bodySource: bodySource,
                         links: links, headings: headings))
    }

    /// The same post with its body's outline, made by the caller from its body.
    func with(outline: BodyOutline) -> Post {
        var details = details
        details.readingLength = outline.readingLength
        return Post(id: id, category: category, title: title, summary: summary, bodySource: bodySource, date: date,
                    isDraft: isDraft, details: details, sourcePath: sourcePath, sourceHash: sourceHash,
                    links: outline.links.map { PostLink(destination: $0.destination, bodyOffset: $0.offset) },
                    headings: outline.headings)
    }

    /// Where `link` is written in the post's file (in a JSON post, inside the
    /// body string, its escapes counted as written; in a post made in memory,
    /// in its body). The file is read again: this is for messages, which are
    /// few. Nil when the file cannot be read or no longer holds the post.
    public func location(of link: PostLink) -> SourceLocation? {
        if case .inMemory(let body) = bodySource {
            return body.withUnsafeBufferPointer { SourceLocation.of(offset: link.bodyOffset, in: $0) }
        }
        guard let bytes = try? FileReading.bytes(atPath: sourcePath), StableHash.of(bytes) == sourceHash else { return nil }
        return bytes.withUnsafeBufferPointer { file in
            switch bodySource {
            case .inMemory: nil
            case .file(let quote): SourceLocation.of(offset: JSONParser.fileOffset(ofDecoded: link.bodyOffset, inStringAt: quote, in: file),
                                                     in: file)
            case .fileTail(let start): SourceLocation.of(offset: start + link.bodyOffset, in: file)
            }
        }
    }

    /// The body within the bytes of the post's file, as read while loading.
    func markdown(in bytes: [UInt8]) -> [UInt8]? {
        Self.body(of: bodySource, in: bytes)
    }

    /// The CommonMark source, as text.
    public func body() throws(DiagnosticsError) -> String {
        String(decoding: try markdown(), as: UTF8.self)
    }

    /// The CommonMark source as UTF-8, as cmark takes it. The file is read
    /// again, so that a build holds no more bodies than it is rendering (at
    /// 100,000 posts they are 450 MB); it fails if the file no longer has the
    /// bytes it had when the build began: the site must show one state of each file.
    public func markdown() throws(DiagnosticsError) -> [UInt8] {
        if case .inMemory(let body) = bodySource { return body }
        guard let bytes = try? FileReading.bytes(atPath: sourcePath) else {
            throw DiagnosticsError([.error("cannot read the file", in: sourcePath)])
        }
        guard StableHash.of(bytes) == sourceHash else {
            throw DiagnosticsError([.error("the file changed while the site was being built; build again", in: sourcePath)])
        }
        if let body = Self.body(of: bodySource, in: bytes) { return body }
        // Only a damaged cache can put the offset elsewhere in an unchanged file: find the body by parsing it.
        let (post, diagnostics) = PostReader.read(bytes, path: sourcePath, category: category, id: id, hash: sourceHash)
        guard let found = post?.bodySource, let body = Self.body(of: found, in: bytes) else {
            throw DiagnosticsError(diagnostics.isEmpty ? [.error("cannot find the body in the file", in: sourcePath)] : diagnostics)
        }
        return body
    }

    private static func body(of source: BodySource, in bytes: [UInt8]) -> [UInt8]? {
        switch source {
        case .inMemory(let body): body
        case .file(let offset): try? JSONParser.text(at: offset, in: bytes)
        // The closing `---` line ends just before the body.
        case .fileTail(let offset):
            offset > 0 && offset <= bytes.count && (offset == bytes.count || bytes[offset - 1] == UInt8(ascii: "\n"))
                ? Array(bytes[offset...]) : nil
        }
    }

    /// The site's reading order: dated posts first, newest first; then the
    /// undated; ties broken by id in natural order (`ui_2` before `ui_10`).
    public static func readingOrder(_ lhs: Post, _ rhs: Post) -> Bool {
        switch (lhs.date, rhs.date) {
        case let (left?, right?) where left.instant != right.instant:
            return left.instant > right.instant
        case (.some, nil):
            return true
        case (nil, .some):
            return false
        default:
            return NaturalOrder.precedes(lhs.id, rhs.id)
        }
    }
}

/// Two posts are equal when their files were: whether the body has been read yet does not matter.
extension Post: Hashable {
    public static func == (lhs: Post, rhs: Post) -> Bool {
        lhs.sourceHash == rhs.sourceHash && lhs.id == rhs.id && lhs.category == rhs.category && lhs.title == rhs.title
            && lhs.summary == rhs.summary && lhs.date == rhs.date && lhs.isDraft == rhs.isDraft
            && lhs.details == rhs.details && lhs.sourcePath == rhs.sourcePath
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(sourceHash)
        hasher.combine(id)
        hasher.combine(sourcePath)
    }
}
