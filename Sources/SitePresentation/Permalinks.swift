import SiteModel

/// Every URL and output path of the site, in one place. Internal links carry
/// the base URL's path, so the site works at a domain root or under a sub-path.
public struct Permalinks: Sendable {
    public let base: BaseURL

    public init(base: BaseURL) {
        self.base = base
    }

    public var home: Route { route("", file: "index.html") }
    public var notFound: Route { file("404.html") }
    public var siteFeed: Route { file("feed.xml") }
    public var sitemap: Route { file("sitemap.xml") }
    public var robots: Route { file("robots.txt") }
    public var apiIndex: Route { file("api/index.json") }
    public var search: Route { directory("search/") }
    /// The search index's manifest (the rest of the index sits beside it).
    public var searchIndex: String { String(joining: base.path, "search/index.json") }

    /// Page 1 lives at the category's root; there is no `page/1/`.
    public func category(_ slug: String, page: Int = 1) -> Route {
        guard page > 1 else {
            return Route(url: String(joining: base.path, slug, "/"), outputPath: String(joining: slug, "/index.html"))
        }
        let number = String(page)
        return Route(url: String(joining: base.path, slug, "/page/", number, "/"),
                     outputPath: String(joining: slug, "/page/", number, "/index.html"))
    }

    public func categoryFeed(_ slug: String) -> Route { file(String(joining: slug, "/feed.xml")) }

    public func post(_ id: String) -> Route {
        Route(url: String(joining: base.path, "posts/", id, "/"), outputPath: String(joining: "posts/", id, "/index.html"))
    }

    /// A file of a post folder, beside the post's page: `posts/<id>/shot.png`.
    public func postFile(_ id: String, _ relativePath: String) -> String { String(joining: "posts/", id, "/", relativePath) }

    /// API list pages count from 0, as the original blog API does.
    public func apiList(_ slug: String, pageIndex: Int) -> Route {
        file(String(joining: "api/lists/", slug, "/", String(pageIndex), ".json"))
    }

    public var tagIndex: Route { directory("tags/") }

    /// A tag's folder, as a path and as a URL: a tag's slug may hold any
    /// script, its file name is its UTF-8, its URL percent-encodes it. Made
    /// once for all the routes of a tag page (one for each page link).
    public struct TagFolder: Sendable {
        let path: String
        let url: String
    }

    public func tagFolder(_ slug: String) -> TagFolder {
        let path = String(joining: "tags/", slug, "/")
        return TagFolder(path: path, url: String(joining: base.path, Self.percentEncoded(path)))
    }

    public func tag(_ slug: String, page: Int = 1) -> Route {
        tag(tagFolder(slug), page: page)
    }

    public func tag(_ folder: TagFolder, page: Int = 1) -> Route {
        guard page > 1 else { return Route(url: folder.url, outputPath: String(joining: folder.path, "index.html")) }
        let number = String(page)
        return Route(url: String(joining: folder.url, "page/", number, "/"),
                     outputPath: String(joining: folder.path, "page/", number, "/index.html"))
    }

    public func tagFeed(_ slug: String) -> Route { tagFeed(tagFolder(slug)) }

    public func tagFeed(_ folder: TagFolder) -> Route {
        Route(url: String(joining: folder.url, "feed.xml"), outputPath: String(joining: folder.path, "feed.xml"))
    }

    public var apiTagIndex: Route { file("api/tags/index.json") }

    public func apiTagList(_ slug: String, pageIndex: Int) -> Route {
        let file = String(joining: "api/tags/", slug, "/", String(pageIndex), ".json")
        return Route(url: String(joining: base.path, Self.percentEncoded(file)), outputPath: file)
    }

    /// Every byte outside ASCII letters, digits and `-._~/` as `%XX`. Most
    /// paths need nothing encoded and are returned as they are: tag pages
    /// and API lists ask for a route per page link, tens of thousands a build.
    static func percentEncoded(_ path: String) -> String {
        guard path.utf8.contains(where: { !isUnreserved($0) }) else { return path }
        let hex: StaticString = "0123456789ABCDEF"
        var encoded: [UInt8] = []
        encoded.reserveCapacity(path.utf8.count * 3)
        for byte in path.utf8 {
            if isUnreserved(byte) {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(hex.utf8Start[Int(byte >> 4)])
                encoded.append(hex.utf8Start[Int(byte & 0xF)])
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
            true
        default:
            false
        }
    }

    public func apiPost(_ id: String) -> Route { file(String(joining: "api/posts/", id, ".json")) }
    public func asset(_ name: String) -> String { String(joining: base.path, "assets/", name) }

    /// The full URL, for feeds, the sitemap and canonical links.
    public func absolute(_ route: Route) -> String { String(joining: base.origin, route.url) }

    /// Tens of thousands of routes are made a build: each string is made
    /// at its length in one step (`String(joining:)`).
    private func directory(_ relative: String) -> Route { route(relative, file: String(joining: relative, "index.html")) }
    /// A file at the same place in the site and in the output folder, its path made once.
    private func file(_ relative: String) -> Route { route(relative, file: relative) }
    private func route(_ relative: String, file: String) -> Route { Route(url: String(joining: base.path, relative), outputPath: file) }
}
