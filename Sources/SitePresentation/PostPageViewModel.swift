/// One post's page: its rendered body, the list page that holds it and its
/// neighbours in the category's reading order.
public struct PostPageViewModel: Sendable, Hashable {
    public let chrome: SiteChrome
    public let route: Route
    public let id: String
    public let title: String
    public let summary: String
    public let displayDate: String?
    public let machineDate: String?
    public let category: Link
    /// The category's list page that shows this post.
    public let listPage: Link
    public let categoryFeedURL: String
    /// HTML from cmark, already safe for where it lands.
    public let bodyHTML: HTML
    /// The post before this one in the list (newer).
    public let previousPost: Link?
    /// The post after this one in the list (older).
    public let nextPost: Link?

    /// The same page with `html` as its body.
    public func withBody(_ html: HTML) -> PostPageViewModel {
        PostPageViewModel(chrome: chrome, route: route, id: id, title: title, summary: summary, displayDate: displayDate,
                          machineDate: machineDate, category: category, listPage: listPage, categoryFeedURL: categoryFeedURL,
                          bodyHTML: html, previousPost: previousPost, nextPost: nextPost)
    }
}
