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
    public private(set) var body: HTML

    /// The same file with the body its page rendered: the file was presented
    /// first without one, for its fingerprint.
    public func withBody(_ body: HTML) -> APIPostViewModel {
        var file = self
        file.body = body
        return file
    }
}
