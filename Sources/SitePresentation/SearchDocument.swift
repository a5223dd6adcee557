/// A post as the search index holds it: what a result shows, and the texts
/// whose words rank a match first. The body's words come from the rendered
/// page (`HTMLText`), so the index holds what a reader sees.
public struct SearchDocument: Sendable, Hashable {
    /// Where the post sits in `SitePresenter.posts`.
    public let postIndex: Int
    public let id: String
    public let title: String
    public let url: String
    public let displayDate: String?
    public let machineDate: String?
    /// Index into the site's categories.
    public let categoryIndex: Int
    /// Title, description and tags: a match in them ranks first.
    public let strongTexts: [String]
}

/// The search page: a form, and the results its script shows.
public struct SearchPageViewModel: Sendable, Hashable {
    public let chrome: SiteChrome
    public let route: Route
    /// Where the index's manifest is, for the script.
    public let indexURL: String
    public let scriptURL: String
}
