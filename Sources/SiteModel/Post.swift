/// One blog post, as its file says it; knows nothing of pages or HTML.
public struct Post: Sendable, Hashable {
    public let id: String
    /// The slug of the category folder the file sits in.
    public let category: String
    public let title: String
    /// The one-line summary shown in lists (the `desc` key).
    public let summary: String
    /// CommonMark source.
    public let body: String
    public let date: PostDate?
    public let isDraft: Bool
    /// Where the post came from, for messages: `content/posts/ui/ui_0.json`.
    public let sourcePath: String

    public init(id: String, category: String, title: String, summary: String, body: String,
                date: PostDate?, isDraft: Bool = false, sourcePath: String) {
        self.id = id
        self.category = category
        self.title = title
        self.summary = summary
        self.body = body
        self.date = date
        self.isDraft = isDraft
        self.sourcePath = sourcePath
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
