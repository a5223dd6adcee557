/// An Atom 1.0 feed; every URL absolute, `updated` the newest entry's date
/// (never the build time, so the output stays the same from run to run).
public struct FeedViewModel: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        public let id: String
        public let title: String
        public let url: String
        /// The post's `updated`, else its date.
        public let updated: String
        public let published: String?
        /// Empty: the feed's author stands for the entry's.
        public let authorName: String
        public let summary: String
        public let contentHTML: HTML
        public let categoryTitle: String
    }

    public let route: Route
    public let id: String
    public let title: String
    public let subtitle: String
    public let selfURL: String
    public let alternateURL: String
    public let updated: String
    public let authorName: String
    public let entries: [Entry]

    /// The same feed with `html` as the entries' content, in entry order.
    public func withContents(_ html: [HTML]) -> FeedViewModel {
        let filled = zip(entries, html).map { entry, content in
            Entry(id: entry.id, title: entry.title, url: entry.url, updated: entry.updated, published: entry.published,
                  authorName: entry.authorName, summary: entry.summary,
                  contentHTML: content, categoryTitle: entry.categoryTitle)
        }
        return FeedViewModel(route: route, id: id, title: title, subtitle: subtitle, selfURL: selfURL,
                             alternateURL: alternateURL, updated: updated, authorName: authorName, entries: filled)
    }
}
