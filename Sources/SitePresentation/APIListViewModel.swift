/// `api/lists/<category>/<page>.json`, pages counted from 0 like the seed API.
public struct APIListViewModel: Sendable, Hashable {
    public struct Item: Sendable, Hashable {
        public let id: String
        public let title: String
        public let desc: String
        /// The post's detail file, `api/posts/<id>.json`.
        public let url: String
        public let date: String?
    }

    public let route: Route
    public let items: [Item]
}
