/// A titled link, its URL already carrying the base path.
public struct Link: Sendable, Hashable {
    public let title: String
    public let url: String

    public init(title: String, url: String) {
        self.title = title
        self.url = url
    }
}
