/// The ids the default theme's templates write on its own elements, page by
/// page: a heading never takes one that can stand on a post page, and the
/// link check accepts a fragment naming one on the page that has it. A
/// template that adds an id adds it here too.
enum ThemeIDs {
    enum Page: Equatable {
        case home, search, other
        /// `post.mustache`: the meta line always, the others with what they hold.
        case post(hasTags: Bool, showsTableOfContents: Bool, hasLicense: Bool)
    }

    /// Whether the theme writes `id` on `page` of a site with search on or off.
    static func writes(_ id: String, on page: Page, search: Bool) -> Bool {
        switch id {
        // layout.mustache: on every page; the header's search box only with search.
        case "main": true
        case "site-search-query": search
        // home.mustache.
        case "categories", "latest": page == .home
        // search.mustache.
        case "search-query", "search-status", "search-results", "search-more": page == .search
        // post.mustache.
        case "post-meta": if case .post = page { true } else { false }
        case "post-tags": if case .post(true, _, _) = page { true } else { false }
        case "toc", "toc-title": if case .post(_, true, _) = page { true } else { false }
        case "post-license": if case .post(_, _, true) = page { true } else { false }
        default: false
        }
    }

    /// Every id a post page may carry besides its headings': few enough
    /// that comparing a heading's id with each costs less than hashing it.
    static let onPostPages: [String] = ["main", "site-search-query", "post-meta", "post-tags", "toc", "toc-title", "post-license"]
}
