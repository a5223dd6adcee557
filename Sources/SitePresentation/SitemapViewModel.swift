/// Every HTML page once, by absolute URL, in the order the build writes them.
public struct SitemapViewModel: Sendable, Hashable {
    public let route: Route
    public let urls: [String]
    /// The robots.txt that points crawlers at the sitemap.
    public let robotsRoute: Route
    public let sitemapURL: String
}
