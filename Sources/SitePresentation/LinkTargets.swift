import SiteModel

/// Every file a build writes, by its path in the output folder, with what a
/// `#fragment` may name on it: made from the same `Permalinks` the pages are
/// written by, before any page is rendered, so the link check knows the
/// site without writing it.
public struct LinkTargets: Sendable {
    /// What a file is, for its fragments.
    enum Target: Sendable, Equatable {
        /// `posts[index]`'s page: its heading ids and the theme's.
        case post(Int)
        /// Another page of the theme: the ids it always writes.
        case page(Page)
        /// Not a page the build makes (a feed, an API file, an image, a static
        /// file): any fragment is taken, as nothing here knows its ids.
        case file
    }

    enum Page: Sendable, Equatable {
        case home, search, other
    }

    private(set) var targets: [String: Target] = [:]

    /// `otherFiles`: what the build writes besides the presenter's pages,
    /// by output path (the theme's assets, the static files); `searchPage`:
    /// whether the templates have one to write.
    public init(presenter: SitePresenter, otherFiles: [String], searchPage: Bool) {
        let site = presenter.site
        let links = presenter.permalinks
        targets.reserveCapacity(presenter.posts.count * 2 + otherFiles.count + site.bundleFiles.count + 64)
        add(links.home, .page(.home))
        add(links.notFound, .page(.other))
        for route in [links.siteFeed, links.sitemap, links.robots, links.apiIndex] { add(route, .file) }
        if searchPage, site.config.search {
            add(links.search, .page(.search))
            targets[String(links.searchIndex.dropFirst(links.base.path.count))] = .file
        }
        for (index, place) in presenter.posts.enumerated() {
            add(links.post(place.post.id), .post(index))
            add(links.apiPost(place.post.id), .file)
        }
        for category in site.categories {
            for paginator in presenter.paging.paginators(forPostCount: category.posts.count) {
                add(links.category(category.slug, page: paginator.number), .page(.other))
                add(links.apiList(category.slug, pageIndex: paginator.number - 1), .file)
            }
            add(links.categoryFeed(category.slug), .file)
        }
        if !site.tags.isEmpty {
            add(links.tagIndex, .page(.other))
            add(links.apiTagIndex, .file)
        }
        for tag in site.tags {
            let folder = links.tagFolder(tag.slug)
            for paginator in presenter.paging.paginators(forPostCount: tag.posts.count) {
                add(links.tag(folder, page: paginator.number), .page(.other))
                add(links.apiTagList(tag.slug, pageIndex: paginator.number - 1), .file)
            }
            add(links.tagFeed(folder), .file)
        }
        for file in site.bundleFiles { targets[links.postFile(file.postID, file.relativePath)] = .file }
        for path in otherFiles { targets[path] = .file }
    }

    /// Every output path, for tests that compare it with what a build wrote.
    public var paths: Set<String> { Set(targets.keys) }

    func target(at outputPath: String) -> Target? {
        targets[outputPath]
    }

    private mutating func add(_ route: Route, _ target: Target) {
        targets[route.outputPath] = target
    }
}
