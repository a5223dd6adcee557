/// Which open tabs a finished build concerns, from the output files it wrote
/// and removed: a tab reloads only when the page it shows changed, a change
/// to stylesheets alone is swapped into every page in place, and a build
/// that changed nothing a page shows sends nothing at all.
public struct ReloadPlan: Sendable, Equatable {
    /// URL paths (`/blog/posts/first/`) of the pages written or removed, sorted.
    public var pages: [String] = []
    /// URL paths of the stylesheets written, sorted.
    public var stylesheets: [String] = []
    /// True when `404.html` changed: a tab showing the not-found page reloads.
    public var notFoundPage = false
    /// True when a file any page may use changed (a script, an image, a
    /// font): every tab reloads.
    public var everyPage = false

    public init(pages: [String] = [], stylesheets: [String] = [], notFoundPage: Bool = false, everyPage: Bool = false) {
        self.pages = pages
        self.stylesheets = stylesheets
        self.notFoundPage = notFoundPage
        self.everyPage = everyPage
    }

    /// `written` and `removed` are paths relative to the output folder;
    /// `basePath` is the site's, `/` or `/blog/`.
    public init(written: some Sequence<String>, removed: some Sequence<String>, basePath: String) {
        var pages: Set<String> = []
        var stylesheets: Set<String> = []
        for path in Array(written) + Array(removed) {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            if name.hasPrefix(".") { continue }
            switch Self.kind(of: name) {
            case .page where path == "404.html": notFoundPage = true
            case .page where name == "index.html": pages.insert(basePath + path.dropLast(name.count))
            case .page: pages.insert(basePath + path)
            case .stylesheet: stylesheets.insert(basePath + path)
            case .data: continue
            case .other: everyPage = true
            }
        }
        self.pages = pages.sorted()
        // A removed stylesheet is no longer linked from any page that changed.
        self.stylesheets = stylesheets.subtracting(removed.map { basePath + $0 }).sorted()
        if everyPage { self.pages = [] }
    }

    public var isEmpty: Bool { pages.isEmpty && stylesheets.isEmpty && !notFoundPage && !everyPage }

    private enum Kind {
        case page, stylesheet, data, other
    }

    /// Feeds, the sitemap, the JSON API and text files are read by programs,
    /// not shown in a tab with the script: no tab reloads for them.
    private static func kind(of name: String) -> Kind {
        let lowered = name.lowercased()
        if lowered.hasSuffix(".html") || lowered.hasSuffix(".htm") { return .page }
        if lowered.hasSuffix(".css") { return .stylesheet }
        if [".xml", ".json", ".txt"].contains(where: lowered.hasSuffix) { return .data }
        return .other
    }

    /// The event's data, for the script: one line of JSON.
    public var json: String {
        "{\"pages\":\(JSONText.array(pages)),\"stylesheets\":\(JSONText.array(stylesheets)),"
            + "\"notFound\":\(notFoundPage),\"all\":\(everyPage)}"
    }
}
