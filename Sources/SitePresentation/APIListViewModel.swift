import SiteModel

/// `api/lists/<category>/<page>.json`, pages counted from 0 like the seed API.
public struct APIListViewModel: Sendable, Hashable {
    public struct Item: Sendable, Hashable {
        public let id: String
        public let title: String
        public let desc: String
        /// The post's detail file, `api/posts/<id>.json`.
        public let url: String
        public let date: String?
        /// A hash of every field above, the same on every run. An item is
        /// made once per post and listed by its category's files and a file
        /// of each of its tags: the files are fingerprinted, and an item's
        /// JSON kept for the next file, by it.
        public let contentHash: UInt64

        public init(id: String, title: String, desc: String, url: String, date: String?) {
            self.id = id
            self.title = title
            self.desc = desc
            self.url = url
            self.date = date
            var hash = StableHash()
            for text in [id, title, desc, url, date] { hash.combine(text) }
            contentHash = hash.value
        }
    }

    public let route: Route
    public let items: [Item]
}
