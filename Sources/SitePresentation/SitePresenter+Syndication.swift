import SiteModel

/// The machine-read pages: Atom feeds, the sitemap and the static JSON API.
extension SitePresenter {
    /// A feed whose entries have no content yet, with the posts they show:
    /// enough to tell whether the feed changed, without rendering any body.
    public struct FeedOutline: Sendable {
        public let feed: FeedViewModel
        public let posts: [Post]
    }

    /// The site feed first, then one per category, in the site's category order, then one per tag.
    public var feedOutlines: [FeedOutline] {
        [siteFeedOutline] + site.categories.map(categoryFeedOutline) + site.tags.map(tagFeedOutline)
    }

    /// The outlines of the feeds that may show a post of `indices` (into
    /// `posts`): the site's, and those of their categories and tags, in the
    /// order of `feedOutlines`, without making the others.
    public func feedOutlines(mayShowPostsAt indices: some Sequence<Int>) -> [FeedOutline] {
        var categories: Set<Int> = []
        var tagNames: Set<String> = []
        for index in indices {
            categories.insert(posts[index].categoryIndex)
            tagNames.formUnion(posts[index].post.details.tags)
        }
        return [siteFeedOutline] + categories.sorted().map { categoryFeedOutline(site.categories[$0]) }
            + site.tags.filter { !$0.spellings.isDisjoint(with: tagNames) }.map(tagFeedOutline)
    }

    private var siteFeedOutline: FeedOutline {
        feed(route: permalinks.siteFeed, title: site.config.title, subtitle: site.config.description,
             alternate: permalinks.home, posts: site.newestPosts(Self.feedEntryCount))
    }

    private func categoryFeedOutline(_ category: Category) -> FeedOutline {
        feed(route: permalinks.categoryFeed(category.slug), title: "\(category.title) — \(site.config.title)",
             subtitle: category.description, alternate: permalinks.category(category.slug), posts: category.posts)
    }

    private func tagFeedOutline(_ tag: Tag) -> FeedOutline {
        feed(route: permalinks.tagFeed(tag.slug), title: "\(tag.name) — \(site.config.title)",
             subtitle: "Posts tagged \(tag.name)", alternate: permalinks.tag(tag.slug), posts: tag.posts)
    }

    /// The feed of `outline`, each entry's content rendered by cmark.
    public func feed(_ outline: FeedOutline) throws(DiagnosticsError) -> FeedViewModel {
        try feed(outline) { post throws(DiagnosticsError) in try body(of: post) }
    }

    /// The feed of `outline`, each entry's content given by `body`: a build
    /// passes the bodies its post pages rendered, so that a post shown in
    /// many feeds is rendered once.
    public func feed(_ outline: FeedOutline,
                     body: (Post) throws(DiagnosticsError) -> HTML) throws(DiagnosticsError) -> FeedViewModel {
        var contents: [HTML] = []
        contents.reserveCapacity(outline.posts.count)
        for post in outline.posts { contents.append(try body(post)) }
        return outline.feed.withContents(contents)
    }

    /// A post's body as its page and its feed entries show it.
    public func body(of post: Post) throws(DiagnosticsError) -> HTML {
        markdown.html(from: try post.markdown())
    }

    /// Every feed, complete.
    public func feeds() throws(DiagnosticsError) -> [FeedViewModel] {
        var feeds: [FeedViewModel] = []
        for outline in feedOutlines { feeds.append(try feed(outline)) }
        return feeds
    }

    public var sitemap: SitemapViewModel {
        var routes = [permalinks.home]
        for category in site.categories {
            routes += paging.paginators(forPostCount: category.posts.count).map { permalinks.category(category.slug, page: $0.number) }
        }
        if !site.tags.isEmpty { routes.append(permalinks.tagIndex) }
        routes += tagPlaces.map { permalinks.tag(site.tags[$0.tagIndex].slug, page: $0.paginator.number) }
        var entries = routes.map { SitemapViewModel.Entry(url: permalinks.absolute($0), lastModified: nil) }
        entries += posts.map { place in
            let post = place.post
            return SitemapViewModel.Entry(url: permalinks.absolute(permalinks.post(post.id)),
                                          lastModified: (post.details.updated ?? post.date).map(DateText.rfc3339))
        }
        return SitemapViewModel(route: permalinks.sitemap, entries: entries,
                                robotsRoute: permalinks.robots, sitemapURL: permalinks.absolute(permalinks.sitemap))
    }

    public var apiIndex: APIIndexViewModel {
        APIIndexViewModel(
            route: permalinks.apiIndex,
            title: site.config.title,
            categories: site.categories.map { category in
                APIIndexViewModel.Category(
                    slug: category.slug, title: category.title, postCount: category.posts.count,
                    pageCount: paging.paginators(forPostCount: category.posts.count).count,
                    url: permalinks.apiList(category.slug, pageIndex: 0).url)
            }
        )
    }

    /// The list file of one list page, counted from 0 like the seed API.
    public func apiList(at place: ListPlace) -> APIListViewModel {
        let category = site.categories[place.categoryIndex]
        return APIListViewModel(
            route: permalinks.apiList(category.slug, pageIndex: place.paginator.number - 1),
            items: Array(apiItems[place.categoryIndex][place.paginator.itemRange])
        )
    }

    static func apiListItem(_ post: Post, permalinks: Permalinks) -> APIListViewModel.Item {
        APIListViewModel.Item(id: post.id, title: post.title, desc: post.summary, url: permalinks.apiPost(post.id).url,
                              date: post.date.map(DateText.rfc3339))
    }

    /// Every category's list files.
    public var apiLists: [APIListViewModel] {
        listPlaces.map(apiList(at:))
    }

    /// The API file of a post whose page was just presented, reusing its rendered body.
    public func apiPost(for page: PostPageViewModel, at index: Int) -> APIPostViewModel {
        let post = posts[index].post
        return APIPostViewModel(route: permalinks.apiPost(post.id), id: post.id, title: post.title,
                                desc: post.summary, category: post.category,
                                date: post.date.map(DateText.rfc3339), updated: page.machineUpdated, author: page.author,
                                tags: page.tags.map(\.title), wordCount: page.wordCount, readingMinutes: page.readingMinutes,
                                body: page.bodyHTML)
    }

    private func feed(route: Route, title: String, subtitle: String, alternate: Route, posts: [Post]) -> FeedOutline {
        let newest = posts.prefix(Self.feedEntryCount)
        let entries = newest.map { post in
            FeedViewModel.Entry(
                id: permalinks.absolute(permalinks.post(post.id)),
                title: post.title,
                url: permalinks.absolute(permalinks.post(post.id)),
                updated: (post.details.updated ?? post.date).map(DateText.rfc3339) ?? Self.undatedInstant,
                published: post.date.map(DateText.rfc3339),
                authorName: post.details.author ?? site.config.author,
                summary: post.summary,
                contentHTML: "",
                categoryTitle: categoryLink(post.category).title
            )
        }
        let updated = newest.compactMap { $0.details.updated ?? $0.date }.max().map(DateText.rfc3339) ?? Self.undatedInstant
        let feed = FeedViewModel(route: route, id: permalinks.absolute(route), title: title, subtitle: subtitle,
                                 selfURL: permalinks.absolute(route), alternateURL: permalinks.absolute(alternate),
                                 updated: updated, authorName: site.config.author.isEmpty ? site.config.title : site.config.author,
                                 entries: entries)
        return FeedOutline(feed: feed, posts: Array(newest))
    }

    /// Atom requires a date; undated posts get the epoch rather than the build time.
    private static let undatedInstant = "1970-01-01T00:00:00Z"
}
