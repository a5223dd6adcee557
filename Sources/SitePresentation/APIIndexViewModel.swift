/// `api/index.json`: what an app needs to start browsing.
public struct APIIndexViewModel: Sendable, Hashable {
    public struct Category: Sendable, Hashable {
        public let slug: String
        public let title: String
        public let postCount: Int
        public let pageCount: Int
        /// The first list file, `api/lists/<slug>/0.json`.
        public let url: String
    }

    public let route: Route
    public let title: String
    public let categories: [Category]
}
