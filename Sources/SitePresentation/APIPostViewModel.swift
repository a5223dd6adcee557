/// `api/posts/<id>.json`: one post with its rendered body.
public struct APIPostViewModel: Sendable, Hashable {
    public let route: Route
    public let id: String
    public let title: String
    public let desc: String
    public let category: String
    public let date: String?
    public let updated: String?
    /// Empty for nobody named.
    public let author: String
    public let tags: [String]
    public let wordCount: Int
    public let readingMinutes: Int
    public let body: HTML
}
