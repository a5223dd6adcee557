/// An Atom 1.0 feed; every URL absolute, `updated` the newest entry's date
/// (never the build time, so the output stays the same from run to run).
public struct FeedViewModel: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        public let id: String
        public let title: String
        public let url: String
        public let updated: String
        public let summary: String
        public let contentHTML: String
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
}
