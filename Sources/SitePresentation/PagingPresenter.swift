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
        let route = permalinks.category(category.slug, page: paginator.number)
        return ListPageViewModel(
            chrome: chrome(paginator, route),
            route: route,
            category: Link(title: category.title, url: permalinks.category(category.slug).url),
            categoryDescription: category.description,
            categoryFeedURL: permalinks.categoryFeed(category.slug).url,
            pageNumber: paginator.number,
            pageCount: paginator.numberOfPages,
            posts: Array(summaries[paginator.itemRange]),
            previousPage: paginator.previous.map { pageLink($0, of: category, current: paginator.number) },
            nextPage: paginator.next.map { pageLink($0, of: category, current: paginator.number) },
            pages: paginator.pageWindow().map { number in
                guard let number else { return PageLink(number: 0, url: "", isCurrent: false, isGap: true) }
                return pageLink(number, of: category, current: paginator.number)
            }
        )
    }

    private func pageLink(_ number: Int, of category: Category, current: Int) -> PageLink {
        PageLink(number: number, url: permalinks.category(category.slug, page: number).url,
                 isCurrent: number == current, isGap: false)
    }
}
