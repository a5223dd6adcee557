/// What a post says about itself beyond title, summary and date: carried as
/// one value so that the reader, the cache and the presenter each handle a
/// new field in one place (the cache codec is `PostDetails+Cache.swift`).
public struct PostDetails: Sendable, Hashable {
    /// As written in the post, in its order; the site groups them by slug (see `Tag`).
    public var tags: [String]
    /// Nil: the site's `author`.
    public var author: String?
    /// When the post was last changed, if it says so.
    public var updated: PostDate?
    /// Counted from the body when the post is read (code blocks left out).
    public var readingLength: ReadingLength

    public init(tags: [String] = [], author: String? = nil, updated: PostDate? = nil,
                readingLength: ReadingLength = ReadingLength()) {
        self.tags = tags
        self.author = author
        self.updated = updated
        self.readingLength = readingLength
    }
}
