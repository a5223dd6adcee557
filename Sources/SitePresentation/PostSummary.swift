/// A post as a list shows it: title, one-line summary, date and link.
public struct PostSummary: Sendable, Hashable {
    public let id: String
    public let title: String
    public let summary: String
    public let url: String
    /// `14 October 2015`; nil for an undated post.
    public let displayDate: String?
    /// `2015-10-14`, for `<time datetime>`.
    public let machineDate: String?
    public let category: Link
    public let tags: [Link]
    /// Words and CJK characters, code blocks left out.
    public let wordCount: Int
    /// At least 1.
    public let readingMinutes: Int
}
