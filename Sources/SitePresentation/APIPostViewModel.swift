/// `api/posts/<id>.json`: one post with its rendered body.
public struct APIPostViewModel: Sendable, Hashable {
    public let route: Route
    public let id: String
    public let title: String
    public let desc: String
    public let category: String
    public let date: String?
    public let body: HTML
}
