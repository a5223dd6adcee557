/// The front page: every category with its size, and the latest posts.
public struct HomeViewModel: Sendable, Hashable {
    /// A category as the home page lists it.
    public struct CategoryEntry: Sendable, Hashable {
        public let title: String
        public let url: String
        public let description: String
        public let postCount: Int
    }

    public let chrome: SiteChrome
    public let route: Route
    public let categories: [CategoryEntry]
    public let latestPosts: [PostSummary]
}
