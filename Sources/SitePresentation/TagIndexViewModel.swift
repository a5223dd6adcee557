/// `tags/index.html` and `api/tags/index.json`: every tag, by slug, with its post count.
public struct TagIndexViewModel: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        public let slug: String
        public let name: String
        /// The tag's first list page.
        public let url: String
        /// Its first API list file, `api/tags/<slug>/0.json`.
        public let apiURL: String
        public let postCount: Int
        public let pageCount: Int
    }

    public let chrome: SiteChrome
    public let route: Route
    public let apiRoute: Route
    public let tags: [Entry]
}
