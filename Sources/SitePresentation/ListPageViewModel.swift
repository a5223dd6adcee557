/// One page of a category's list: at most `pageSize` posts and the way to
/// the neighbouring pages.
public struct ListPageViewModel: Sendable, Hashable {
    public let chrome: SiteChrome
    public let route: Route
    public let category: Link
    public let categoryDescription: String
    public let categoryFeedURL: String
    public let pageNumber: Int
    public let pageCount: Int
    public let posts: [PostSummary]
    public let previousPage: PageLink?
    public let nextPage: PageLink?
    /// Every page, or a window of them with gaps for long lists.
    public let pages: [PageLink]
}
