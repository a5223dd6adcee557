import SiteModel

/// `api/lists/<category>/<page>.json`, pages counted from 0 like the seed API.
public struct APIListViewModel: Sendable, Hashable {
    /// A value whose fields live in one immutable box, as `PostSummary`'s
    /// do: an item is copied into every list file that shows it (its
    /// category's and one of each of its tags), and a copy of five strings
    /// counted a reference for each, where the box counts one.
    public struct Item: Sendable, Hashable {
        private let fields: Fields

        private final class Fields: Sendable {
            let id: String
            let title: String
            let desc: String
            let url: String
            let date: String?
            let contentHash: UInt64

            init(id: String, title: String, desc: String, url: String, date: String?, contentHash: UInt64) {
                (self.id, self.title, self.desc, self.url, self.date, self.contentHash) = (id, title, desc, url, date, contentHash)
            }
        }

        public var id: String { fields.id }
        public var title: String { fields.title }
        public var desc: String { fields.desc }
        /// The post's detail file, `api/posts/<id>.json`.
        public var url: String { fields.url }
        public var date: String? { fields.date }
        /// A hash of every field above, the same on every run. An item is
        /// made once per post and listed by its category's files and a file
        /// of each of its tags: the files are fingerprinted, and an item's
        /// JSON kept for the next file, by it.
        public var contentHash: UInt64 { fields.contentHash }

        public init(id: String, title: String, desc: String, url: String, date: String?) {
            var hash = StableHash()
            for text in [id, title, desc, url, date] { hash.combine(text) }
            fields = Fields(id: id, title: title, desc: desc, url: url, date: date, contentHash: hash.value)
        }

        /// Equal when every field is: the same box, or the same values in two.
        public static func == (lhs: Item, rhs: Item) -> Bool {
            let (a, b) = (lhs.fields, rhs.fields)
            return a === b || (a.contentHash == b.contentHash && a.id == b.id && a.title == b.title && a.desc == b.desc
                && a.url == b.url && a.date == b.date)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(fields.contentHash)
        }
    }

    public let route: Route
    public let items: [Item]
}
