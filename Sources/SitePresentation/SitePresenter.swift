import SiteModel

/// Turns a validated `Site` into the view models of every page. Cheap pages
/// are built up front; a post page renders its Markdown only when asked, so
/// the controller can spread that work over every core.
public struct SitePresenter: Sendable {
    /// How many posts the home page lists.
    public static let latestPostCount = 10
    /// How many entries a feed carries.
    public static let feedEntryCount = 20

    /// A post with where it sits: its category and its place in that category's list.
    public struct PostPlace: Sendable {
        public let post: Post
        let categoryIndex: Int
        let indexInCategory: Int
    }

    public let site: Site
    public let permalinks: Permalinks
    public let paging: PagingPresenter
    public let markdown: MarkdownRenderer
    /// Every post, category by category, each in reading order.
    public let posts: [PostPlace]
    let summaries: [[PostSummary]]
    /// Each post's item in the API's list files, by category as `summaries`.
    let apiItems: [[APIListViewModel.Item]]
    /// Where each post sits in `posts`, by id: tag pages show the summaries made once here.
    private let postIndex: [String: Int]
    /// Each tag's link, by every spelling of it, named as most posts spell it.
    let tagLinks: [String: Link]
    /// What every page of a category shows the same, made once: a post page
    /// is presented on every build, also when its file is then reused.
    private let categoryParts: [CategoryParts]
    private let siteParts: SiteParts

    private struct CategoryParts: Sendable, Equatable {
        let link: Link
        let feedURL: String
        /// The site's navigation with this category current.
        let navigation: [NavigationItem]
    }

    private struct SiteParts: Sendable {
        let homeURL: String
        let stylesheetURL: String
        let feedURL: String
        /// The site's navigation with no category current.
        let navigation: [NavigationItem]
    }

    /// With `previous`, the presenter of an earlier build of the same
    /// process (`sitegen serve`), the summaries of posts that did not change
    /// are taken from it rather than made again for every post of the site.
    /// The others are made on `jobs` threads: the build waits for them.
    public init(site: Site, reusing previous: SitePresenter? = nil, jobs: Int = 1) {
        self.site = site
        permalinks = Permalinks(base: site.config.baseURL)
        paging = PagingPresenter(pageSize: site.config.pageSize, permalinks: permalinks)
        markdown = MarkdownRenderer(options: site.config.markdown)
        var places: [PostPlace] = []
        for (categoryIndex, category) in site.categories.enumerated() {
            for (index, post) in category.posts.enumerated() {
                places.append(PostPlace(post: post, categoryIndex: categoryIndex, indexInCategory: index))
            }
        }
        posts = places
        postIndex = Dictionary(places.indices.map { (places[$0].post.id, $0) }, uniquingKeysWith: { first, _ in first })
        let permalinks = permalinks
        func navigation(current: Int?) -> [NavigationItem] {
            site.categories.enumerated().map { index, category in
                NavigationItem(title: category.title, url: permalinks.category(category.slug).url, isCurrent: index == current)
            }
        }
        siteParts = SiteParts(homeURL: permalinks.home.url, stylesheetURL: permalinks.asset("style.css"),
                              feedURL: permalinks.siteFeed.url, navigation: navigation(current: nil))
        categoryParts = site.categories.enumerated().map { index, category in
            CategoryParts(link: Link(title: category.title, url: permalinks.category(category.slug).url),
                          feedURL: permalinks.categoryFeed(category.slug).url, navigation: navigation(current: index))
        }
        var tagLinks: [String: Link] = [:]
        for tag in site.tags {
            let link = Link(title: tag.name, url: permalinks.tag(tag.slug).url)
            for spelling in tag.spellings { tagLinks[spelling] = link }
        }
        self.tagLinks = tagLinks
        let allParts = categoryParts
        let links = tagLinks
        var reusable = previous
        if let previous, previous.categoryParts != allParts || previous.tagLinks != tagLinks
            || previous.site.categories.count != site.categories.count {
            reusable = nil
        }
        summaries = Self.madeOnce(for: site, reusing: reusable, kept: \.summaries, jobs: jobs) { categoryIndex, post in
            Self.summary(of: post, category: allParts[categoryIndex].link, permalinks: permalinks, tagLinks: links)
        }
        apiItems = Self.madeOnce(for: site, reusing: reusable, kept: \.apiItems, jobs: jobs) { _, post in
            Self.apiListItem(post, permalinks: permalinks)
        }
    }

    /// What each post shows on every list it is on, made once, category by
    /// category; taken from `previous` for the posts that did not change.
    private static func madeOnce<Value: Sendable>(for site: Site, reusing previous: SitePresenter?, kept: KeyPath<SitePresenter, [[Value]]>,
                                                  jobs: Int, _ make: @Sendable (_ categoryIndex: Int, Post) -> Value) -> [[Value]] {
        site.categories.enumerated().map { index, category in
            guard let previous, previous.site.categories[index].posts.count == category.posts.count else {
                return category.posts.parallelMap(jobs: jobs) { make(index, $0) }
            }
            let old = previous.site.categories[index].posts
            if Self.sameStorage(old, category.posts) { return previous[keyPath: kept][index] }
            return zip(old, category.posts).enumerated().map { at, posts in
                posts.0 == posts.1 ? previous[keyPath: kept][index][at] : make(index, posts.1)
            }
        }
    }

    private static func sameStorage(_ first: [Post], _ second: [Post]) -> Bool {
        first.withUnsafeBufferPointer { a in second.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }

    public var home: HomeViewModel {
        let route = permalinks.home
        let latest = site.newestPosts(Self.latestPostCount).map(summary(of:))
        return HomeViewModel(
            chrome: chrome(title: site.config.title, description: site.config.description, route: route, category: nil),
            route: route,
            categories: site.categories.map { category in
                HomeViewModel.CategoryEntry(title: category.title, url: permalinks.category(category.slug).url,
                                            description: category.description, postCount: category.posts.count)
            },
            latestPosts: Array(latest)
        )
    }

    public var notFound: NotFoundViewModel {
        let route = permalinks.notFound
        return NotFoundViewModel(
            chrome: chrome(title: "Page not found — \(site.config.title)", description: site.config.description,
                           route: route, category: nil),
            route: route
        )
    }

    /// Where a list page sits: its category and its paginator. The page's
    /// view models are made from it when the page is rendered, so that work
    /// is spread over the cores with the rest.
    public struct ListPlace: Sendable {
        let categoryIndex: Int
        let paginator: Paginator
    }

    /// Every list page of every category, in the site's category order.
    public var listPlaces: [ListPlace] {
        site.categories.indices.flatMap { index in
            paging.paginators(forPostCount: site.categories[index].posts.count).map { ListPlace(categoryIndex: index, paginator: $0) }
        }
    }

    public func listPage(at place: ListPlace) -> ListPageViewModel {
        let category = site.categories[place.categoryIndex]
        return paging.listPage(place.paginator, category: category, summaries: summaries[place.categoryIndex]) { paginator, route in
            let title = paginator.number == 1
                ? String(joining: category.title, " — ", site.config.title)
                : "\(category.title), page \(paginator.number) of \(paginator.numberOfPages) — \(site.config.title)"
            let description = category.description.isEmpty ? "Posts in \(category.title)" : category.description
            return chrome(title: title, description: description, route: route, category: place.categoryIndex)
        }
    }

    public var listPages: [ListPageViewModel] {
        listPlaces.map(listPage(at:))
    }

    /// The page of `posts[index]`, with its body rendered by cmark.
    public func postPage(at index: Int) throws(DiagnosticsError) -> PostPageViewModel {
        let rendered = markdown.render(try posts[index].post.markdown())
        return postPageOutline(at: index).withBody(rendered, imageURL: firstImageURL(of: rendered, postAt: index))
    }

    /// The absolute URL of the body's first image, resolved against the post's page; nil without one.
    public func firstImageURL(of body: RenderedMarkdown, postAt index: Int) -> String? {
        guard let source = body.firstImage, !source.isEmpty else { return nil }
        if source.hasPrefix("https://") || source.hasPrefix("http://") { return source }
        if source.hasPrefix("//") { return "https:" + source }
        if source.hasPrefix("/") { return permalinks.base.origin + source }
        return permalinks.absolute(permalinks.post(posts[index].post.id)) + source
    }

    /// The page of `posts[index]` with an empty body: everything but the
    /// costly part, enough to tell whether the page changed since the last build.
    public func postPageOutline(at index: Int) -> PostPageViewModel {
        let place = posts[index]
        let post = place.post
        let category = site.categories[place.categoryIndex]
        let parts = categoryParts[place.categoryIndex]
        let neighbours = summaries[place.categoryIndex]
        let summary = neighbours[place.indexInCategory]
        let route = permalinks.post(post.id)
        let listNumber = paging.pageNumber(ofPostAt: place.indexInCategory)
        let listTitle = listNumber == 1 ? category.title : String(joining: category.title, ", page ", String(listNumber))
        return PostPageViewModel(
            chrome: chrome(title: String(joining: post.title, " — ", site.config.title), description: post.summary,
                           route: route, category: place.categoryIndex),
            route: route,
            id: post.id,
            title: post.title,
            summary: post.summary,
            displayDate: summary.displayDate,
            machineDate: summary.machineDate,
            category: parts.link,
            listPage: Link(title: listTitle, url: permalinks.category(category.slug, page: listNumber).url),
            categoryFeedURL: parts.feedURL,
            author: post.details.author ?? site.config.author,
            displayUpdated: post.details.updated.map(DateText.display),
            machineUpdated: post.details.updated.map(DateText.rfc3339),
            publishedTime: post.date.map(DateText.rfc3339),
            tags: summary.tags,
            wordCount: summary.wordCount,
            readingMinutes: summary.readingMinutes,
            license: site.config.license.map { SiteLicense(text: $0.text, url: $0.url) },
            bodyHTML: "",
            toc: [],
            headingCount: 0,
            imageURL: nil,
            previousPost: place.indexInCategory > 0 ? link(neighbours[place.indexInCategory - 1]) : nil,
            nextPost: place.indexInCategory + 1 < neighbours.count ? link(neighbours[place.indexInCategory + 1]) : nil
        )
    }

    /// The chrome of a page, with the navigation entry of `category` (an
    /// index into the site's categories) marked current.
    func chrome(title: String, description: String, route: Route, category: Int?) -> SiteChrome {
        SiteChrome(
            siteTitle: site.config.title,
            siteDescription: site.config.description,
            language: site.config.language,
            homeURL: siteParts.homeURL,
            stylesheetURL: siteParts.stylesheetURL,
            feedURL: siteParts.feedURL,
            navigation: category.map { categoryParts[$0].navigation } ?? siteParts.navigation,
            pageTitle: title,
            pageDescription: description,
            canonicalURL: permalinks.absolute(route),
            searchURL: site.config.search ? permalinks.search.url : nil
        )
    }

    func categoryLink(_ slug: String) -> Link {
        guard let index = site.categories.firstIndex(where: { $0.slug == slug }) else {
            return Link(title: slug, url: permalinks.category(slug).url)
        }
        return categoryParts[index].link
    }

    /// The summary of a post of the site, as its category's pages show it.
    func summary(of post: Post) -> PostSummary {
        guard let index = postIndex[post.id] else {
            return Self.summary(of: post, category: categoryLink(post.category), permalinks: permalinks, tagLinks: tagLinks)
        }
        let place = posts[index]
        return summaries[place.categoryIndex][place.indexInCategory]
    }

    /// The same for a post's item in the API's lists.
    func apiListItem(of post: Post) -> APIListViewModel.Item {
        guard let index = postIndex[post.id] else { return Self.apiListItem(post, permalinks: permalinks) }
        let place = posts[index]
        return apiItems[place.categoryIndex][place.indexInCategory]
    }

    private func link(_ summary: PostSummary) -> Link {
        Link(title: summary.title, url: summary.url)
    }

    static func summary(of post: Post, category: Link, permalinks: Permalinks, tagLinks: [String: Link]) -> PostSummary {
        // Two spellings of a tag are one link, kept once; a post has a few
        // tags, so the links kept are searched rather than hashed.
        var tags: [Link] = []
        tags.reserveCapacity(post.details.tags.count)
        for name in post.details.tags {
            guard let link = tagLinks[name], !tags.contains(where: { $0.url == link.url }) else { continue }
            tags.append(link)
        }
        let length = post.details.readingLength
        return PostSummary(id: post.id, title: post.title, summary: post.summary, url: permalinks.post(post.id).url,
                           displayDate: post.date.map(DateText.display), machineDate: post.date.map(DateText.calendarDay),
                           category: category, tags: tags, wordCount: length.total, readingMinutes: length.minutes)
    }
}
