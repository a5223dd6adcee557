/// Every HTML page once, by absolute URL, in the order the build writes them.
public struct SitemapViewModel: Sendable, Hashable {
    public let route: Route
    public struct Entry: Sendable, Hashable {
        public let url: String
        /// A post's `updated`, else its date; nil for list pages.
        public let lastModified: String?
    }

    public let entries: [Entry]
    /// The robots.txt that points crawlers at the sitemap.
    public let robotsRoute: Route
    public let sitemapURL: String
}
