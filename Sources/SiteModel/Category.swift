/// A named group of posts, in reading order (see `Post.readingOrder`).
public struct Category: Sendable, Hashable {
    public let slug: String
    public let title: String
    public let description: String
    public let posts: [Post]

    public init(slug: String, title: String, description: String = "", posts: [Post]) {
        self.slug = slug
        self.title = title
        self.description = description
        self.posts = posts
    }
}
