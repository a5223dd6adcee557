import Foundation
import SiteModel

/// Checks the links and images of every post body that point inside the
/// site: relative (`../other/`), root-relative with the base path
/// (`/blog/posts/other/`) or absolute under `baseURL`. The target must be a
/// file the build writes, and a `#fragment` an id on that page. Links to
/// files beside a post are the loader's to check (see `PostLink.fileBesidePost`),
/// and links out of the site are left alone. Reads only the posts' outlines.
public struct LinkCheck: Sendable {
    let presenter: SitePresenter
    let targets: LinkTargets

    public init(presenter: SitePresenter, targets: LinkTargets) {
        self.presenter = presenter
        self.targets = targets
    }

    /// A warning for each broken link, naming the post file and where the
    /// link is written; the posts are looked at on up to `jobs` threads.
    public func warnings(jobs: Int = 1) -> [Diagnostic] {
        warnings(ofPosts: Array(presenter.posts.indices), jobs: jobs).flatMap(\.warnings)
    }

    /// What the check finds in one post: its warnings, and the other posts
    /// on whose pages its links name an id (an edit of those can change them).
    public struct PostResult: Sendable {
        public let index: Int
        public let warnings: [Diagnostic]
        public let namedPosts: [Int]
    }

    /// The findings of each post of `indices`, in their order.
    public func warnings(ofPosts indices: [Int], jobs: Int) -> [PostResult] {
        let chunks = stride(from: 0, to: indices.count, by: 256).map { indices[$0..<min($0 + 256, indices.count)] }
        return chunks.parallelMap(jobs: jobs) { chunk in chunk.map(check(post:)) }.flatMap { $0 }
    }

    private func check(post index: Int) -> PostResult {
        let post = presenter.posts[index].post
        var warnings: [Diagnostic] = []
        var named: [Int] = []
        let page = presenter.permalinks.post(post.id)
        for link in post.links {
            var namedPost: Int?
            if let problem = problem(with: link.destination, inPostAt: index, page: page, namedPost: &namedPost) {
                warnings.append(.warning(problem, in: post.sourcePath, at: post.location(of: link)))
            }
            if let namedPost { named.append(namedPost) }
        }
        return PostResult(index: index, warnings: warnings, namedPosts: named)
    }

    /// Nil when `destination`, written in the body of `posts[index]` (whose
    /// page is `page`), reaches what it names, or leaves the site.
    /// `namedPost` is set to the other post on whose page the link names an id.
    /// The path is worked out on bytes: every internal link of every body comes here.
    func problem(with destination: String, inPostAt index: Int, page: Route, namedPost: inout Int?) -> String? {
        let base = presenter.permalinks.base
        var text = destination
        guard let place = text.withUTF8({ Self.place(of: $0, page: page, base: base) }) else { return nil }
        let target: LinkTargets.Target
        var resolved = page.url
        if let path = place.path {
            guard let clean = Self.removingDotSegments(Self.decoded(path)), clean.starts(with: base.path.utf8) else { return nil }
            var output = Array(clean[base.path.utf8.count...])
            // A folder's page is its index.html; a server answers `posts/x` with the page of `posts/x/`.
            if output.isEmpty || output.last == UInt8(ascii: "/") { output.append(contentsOf: "index.html".utf8) }
            let outputPath = String(decoding: output, as: UTF8.self)
            resolved = String(decoding: clean, as: UTF8.self)
            guard let found = targets.target(at: outputPath) ?? targets.target(at: outputPath + "/index.html") else {
                return "'\(destination)' points to \(resolved), which the site does not have; fix the link, "
                    + "or add the page or file it names"
            }
            target = found
        } else {
            // `#id` alone (or `?query`): this very page.
            target = .post(index)
        }
        guard let fragment = place.fragment, !fragment.isEmpty else { return nil }
        if case .post(let other) = target, other != index { namedPost = other }
        let id = String(decoding: Self.decoded(fragment), as: UTF8.self)
        guard !has(id, on: target) else { return nil }
        let named = target == .post(index) ? "this post" : "the page \(resolved)"
        return "'\(destination)': \(named) has no heading or element with the id '\(id)'; "
            + "link to one of its headings' ids (shown in each heading's # link)"
    }

    /// Where a destination leads, as written: the site path it names (nil
    /// for this very page) and its fragment; nil when it leaves the site or
    /// names a file beside the post.
    private static func place(of destination: UnsafeBufferPointer<UInt8>, page: Route,
                              base: BaseURL) -> (path: [UInt8]?, fragment: [UInt8]?)? {
        var rest = destination[...]
        var fragment: [UInt8]?
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
            fragment = Array(rest[(hash + 1)...])
            rest = rest[..<hash]
        }
        if let query = rest.firstIndex(of: UInt8(ascii: "?")) { rest = rest[..<query] }
        if rest.isEmpty { return (nil, fragment) }
        let written = Substring(decoding: rest, as: UTF8.self)
        if rest.starts(with: "//".utf8) || PostLink.hasScheme(written) {
            guard let inside = pathUnder(base, url: written) else { return nil }
            return (Array(inside.utf8), fragment)
        }
        if rest.first == UInt8(ascii: "/") { return (Array(rest), fragment) }
        // A file beside the post: the loader's warning says where to put it.
        if isBesidePost(written) { return nil }
        return (Array(page.url.utf8) + rest, fragment)
    }

    /// Whether `id` is an id on `target`: any id on a file that is no page of the theme.
    private func has(_ id: String, on target: LinkTargets.Target) -> Bool {
        let config = presenter.site.config
        switch target {
        case .file: return true
        case .page(let page):
            let themePage: ThemeIDs.Page = switch page {
            case .home: .home
            case .search: .search
            case .other: .other
            }
            return ThemeIDs.writes(id, on: themePage, search: config.search)
        case .post(let index):
            let place = presenter.posts[index]
            let headings = place.post.headings
            if headings.contains(where: { $0.id == id }) { return true }
            let showsTOC = PostPageViewModel.showsTableOfContents(headingCount: headings.count,
                                                                  hasEntries: headings.contains { $0.level == 2 || $0.level == 3 })
            let hasTags = !presenter.summaries[place.categoryIndex][place.indexInCategory].tags.isEmpty
            return ThemeIDs.writes(id, on: .post(hasTags: hasTags, showsTableOfContents: showsTOC, hasLicense: config.license != nil),
                                   search: config.search)
        }
    }

    /// The path of an absolute (`https://host/…`) or scheme-relative (`//host/…`)
    /// URL on the site's host and port; nil for any other host or scheme.
    static func pathUnder(_ base: BaseURL, url: Substring) -> String? {
        var rest = url
        if !rest.hasPrefix("//") {
            guard let colon = rest.firstIndex(of: ":") else { return nil }
            let scheme = rest[..<colon].lowercased()
            guard scheme == "http" || scheme == "https" else { return nil }
            rest = rest[rest.index(after: colon)...]
            guard rest.hasPrefix("//") else { return nil }
        }
        rest = rest.dropFirst(2)
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<authorityEnd].lowercased()
        guard let siteAuthority = base.origin.split(separator: "/", omittingEmptySubsequences: true).last,
              authority == siteAuthority else { return nil }
        let path = rest[authorityEnd...]
        return path.isEmpty ? "/" : String(path)
    }

    /// `%E8%A7%86` as the bytes it encodes; left as written when they are not valid UTF-8.
    static func decoded(_ text: [UInt8]) -> [UInt8] {
        guard text.contains(UInt8(ascii: "%")) else { return text }
        return String(decoding: text, as: UTF8.self).removingPercentEncoding.map { Array($0.utf8) } ?? text
    }

    /// A relative path that stays in the post's folder (`shot.png`, `./a/b.pdf`; not `../x/`, not `./`).
    /// Read byte by byte: most links of a body are relative, and each is asked.
    static func isBesidePost(_ path: Substring) -> Bool {
        var sawFile = false
        var length = 0
        var dots = 0
        for byte in path.utf8 {
            if byte != UInt8(ascii: "/") {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
                continue
            }
            if length == 2, dots == 2 { return false }
            if length > 0, !(length == 1 && dots == 1) { sawFile = true }
            (length, dots) = (0, 0)
        }
        if length == 2, dots == 2 { return false }
        return sawFile || (length > 0 && !(length == 1 && dots == 1))
    }

    /// `/a/b/../c/./d` as `/a/c/d`; nil when `..` climbs above the root.
    static func removingDotSegments(_ path: String) -> String? {
        removingDotSegments(Array(path.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The same on bytes, in one pass.
    static func removingDotSegments(_ bytes: [UInt8]) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
            let length = end - start
            let isLast = end == bytes.count
            let dots = length <= 2 && bytes[start..<end].allSatisfy { $0 == UInt8(ascii: ".") } ? length : 0
            if dots == 1 {
                if isLast { output.append(UInt8(ascii: "/")) }
            } else if dots == 2 {
                guard let cut = output.lastIndex(of: UInt8(ascii: "/")) else { return nil }
                output.removeSubrange(cut...)
                if isLast { output.append(UInt8(ascii: "/")) }
            } else if start > 0 || length > 0 {
                if start > 0 { output.append(UInt8(ascii: "/")) }
                output.append(contentsOf: bytes[start..<end])
            }
            start = end + 1
        }
        return output
    }
}
