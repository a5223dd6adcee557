/// What the layout around every HTML page shows: the site's name, its
/// navigation, and the page's own title, description and canonical URL.
public struct SiteChrome: Sendable, Hashable {
    public let siteTitle: String
    public let siteDescription: String
    public let language: String
    public let homeURL: String
    public let stylesheetURL: String
    /// Atom feed of the whole site, linked from every `<head>`.
    public let feedURL: String
    public let navigation: [NavigationItem]
    /// The `<title>` of this page.
    public let pageTitle: String
    /// The `<meta name="description">` of this page.
    public let pageDescription: String
    public let canonicalURL: String
    /// The search page, for the search box; nil when the site has no search.
    public let searchURL: String?
}
