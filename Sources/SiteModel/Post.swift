/// One blog post, as its file says it; knows nothing of pages or HTML.
public struct Post: Sendable {
    public let id: String
    /// The slug of the category folder the file sits in.
    public let category: String
    public let title: String
    /// The one-line summary shown in lists (the `desc` key).
    public let summary: String
    public let date: PostDate?
    public let isDraft: Bool
    /// Where the post came from, for messages: `content/posts/ui/ui_0.json`.
    public let sourcePath: String
    /// A hash of the whole post file: it changes whenever anything the post
    /// says does, so it stands for the post in cache keys.
    public let sourceHash: UInt64
    /// The CommonMark source, or nil while it is still only in the file,
    /// because a cache said the file had not changed and nothing needed it yet.
    let loadedBody: String?

    public init(id: String, category: String, title: String, summary: String, body: String,
                date: PostDate?, isDraft: Bool = false, sourcePath: String, sourceHash: UInt64? = nil) {
        self.init(id: id, category: category, title: title, summary: summary, loadedBody: body, date: date,
                  isDraft: isDraft, sourcePath: sourcePath, sourceHash: sourceHash ?? StableHash.of(Array(body.utf8)))
    }

    init(id: String, category: String, title: String, summary: String, loadedBody: String?,
         date: PostDate?, isDraft: Bool, sourcePath: String, sourceHash: UInt64) {
        self.id = id
        self.category = category
        self.title = title
        self.summary = summary
        self.loadedBody = loadedBody
        self.date = date
        self.isDraft = isDraft
        self.sourcePath = sourcePath
        self.sourceHash = sourceHash
    }

    /// The CommonMark source. A post taken from the cache reads its file
    /// again, and fails if the file no longer has the bytes it had when the
    /// build began: the site must show one state of each file.
    public func body() throws(DiagnosticsError) -> String {
        if let loadedBody { return loadedBody }
        guard let bytes = try? FileReading.bytes(atPath: sourcePath) else {
            throw DiagnosticsError([.error("cannot read the file", in: sourcePath)])
        }
        guard StableHash.of(bytes) == sourceHash else {
            throw DiagnosticsError([.error("the file changed while the site was being built; build again", in: sourcePath)])
        }
        let (post, diagnostics) = PostReader.read(bytes, path: sourcePath, category: category, id: id, hash: sourceHash)
        guard let body = post?.loadedBody else { throw DiagnosticsError(diagnostics) }
        return body
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
            && lhs.summary == rhs.summary && lhs.date == rhs.date && lhs.isDraft == rhs.isDraft && lhs.sourcePath == rhs.sourcePath
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(sourceHash)
        hasher.combine(id)
        hasher.combine(sourcePath)
    }
}
