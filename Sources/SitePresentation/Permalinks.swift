import SiteModel

/// Every URL and output path of the site, in one place. Internal links carry
/// the base URL's path, so the site works at a domain root or under a sub-path.
public struct Permalinks: Sendable {
    public let base: BaseURL

    public init(base: BaseURL) {
        self.base = base
    }

    public var home: Route { route("", file: "index.html") }
    public var notFound: Route { route("404.html", file: "404.html") }
    public var siteFeed: Route { route("feed.xml", file: "feed.xml") }
    public var sitemap: Route { route("sitemap.xml", file: "sitemap.xml") }
    public var robots: Route { route("robots.txt", file: "robots.txt") }
    public var apiIndex: Route { route("api/index.json", file: "api/index.json") }
    public var search: Route { directory("search/") }
    /// The search index's manifest (the rest of the index sits beside it).
    public var searchIndex: String { base.path + "search/index.json" }

    /// Page 1 lives at the category's root; there is no `page/1/`.
    public func category(_ slug: String, page: Int = 1) -> Route {
        page <= 1 ? directory(slug + "/") : directory("\(slug)/page/\(page)/")
    }

    public func categoryFeed(_ slug: String) -> Route { route("\(slug)/feed.xml", file: "\(slug)/feed.xml") }
    public func post(_ id: String) -> Route { directory("posts/\(id)/") }
    /// A file of a post folder, beside the post's page: `posts/<id>/shot.png`.
    public func postFile(_ id: String, _ relativePath: String) -> String { "posts/\(id)/" + relativePath }

    /// API list pages count from 0, as the original blog API does.
    public func apiList(_ slug: String, pageIndex: Int) -> Route {
        route("api/lists/\(slug)/\(pageIndex).json", file: "api/lists/\(slug)/\(pageIndex).json")
    }

    public func apiPost(_ id: String) -> Route { route("api/posts/\(id).json", file: "api/posts/\(id).json") }
    public func asset(_ name: String) -> String { base.path + "assets/" + name }

    /// The full URL, for feeds, the sitemap and canonical links.
    public func absolute(_ route: Route) -> String { base.origin + route.url }

    private func directory(_ relative: String) -> Route { route(relative, file: relative + "index.html") }
    private func route(_ relative: String, file: String) -> Route { Route(url: base.path + relative, outputPath: file) }
}
