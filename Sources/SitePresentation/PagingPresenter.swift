import SiteModel

/// Splits a category into list pages of `pageSize` posts and says which
/// page holds a given post. A pure function of the posts and the page size.
public struct PagingPresenter: Sendable {
    public let pageSize: Int
    public let permalinks: Permalinks

    public init(pageSize: Int, permalinks: Permalinks) {
        self.pageSize = max(1, pageSize)
        self.permalinks = permalinks
    }

    public func paginators(forPostCount count: Int) -> [Paginator] {
        Paginator.pages(itemsPerPage: pageSize, numberOfItems: count)
    }

    /// The 1-based number of the list page showing the post at `index` of its category.
    public func pageNumber(ofPostAt index: Int) -> Int {
        index / pageSize + 1
    }

    /// One list page of a category: the slice of `summaries` its paginator says.
    public func listPage(_ paginator: Paginator, category: Category, summaries: [PostSummary],
                         chrome: (Paginator, Route) -> SiteChrome) -> ListPageViewModel {
        listPage(paginator, title: category.title, description: category.description,
                 feedURL: permalinks.categoryFeed(category.slug).url, pageSummaries: Array(summaries[paginator.itemRange]),
                 route: { permalinks.category(category.slug, page: $0) }, chrome: chrome)
    }

    /// One list page of any list of posts (a category's, a tag's), showing `pageSummaries`.
    func listPage(_ paginator: Paginator, title: String, description: String, feedURL: String, pageSummaries: [PostSummary],
                  route: (Int) -> Route, chrome: (Paginator, Route) -> SiteChrome) -> ListPageViewModel {
        let here = route(paginator.number)
        func pageLink(_ number: Int) -> PageLink {
            PageLink(number: number, url: route(number).url, isCurrent: number == paginator.number, isGap: false)
        }
        return ListPageViewModel(
            chrome: chrome(paginator, here),
            route: here,
            category: Link(title: title, url: route(1).url),
            categoryDescription: description,
            categoryFeedURL: feedURL,
            pageNumber: paginator.number,
            pageCount: paginator.numberOfPages,
            posts: pageSummaries,
            previousPage: paginator.previous.map(pageLink),
            nextPage: paginator.next.map(pageLink),
            pages: paginator.pageWindow().map { number in
                guard let number else { return PageLink(number: 0, url: "", isCurrent: false, isGap: true) }
                return pageLink(number)
            }
        )
    }
}
