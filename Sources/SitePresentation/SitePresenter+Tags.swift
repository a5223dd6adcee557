import SiteModel

/// The pages of tags: an index, each tag's list pages (paged like a
/// category's), its feed and its API files.
extension SitePresenter {
    /// Where a tag's list page sits: the tag (an index into the site's tags) and its paginator.
    public struct TagPlace: Sendable {
        let tagIndex: Int
        let paginator: Paginator
    }

    /// Every list page of every tag, tags by slug.
    public var tagPlaces: [TagPlace] {
        site.tags.indices.flatMap { index in
            paging.paginators(forPostCount: site.tags[index].posts.count).map { TagPlace(tagIndex: index, paginator: $0) }
        }
    }

    public var tagIndex: TagIndexViewModel {
        let route = permalinks.tagIndex
        return TagIndexViewModel(
            chrome: chrome(title: "Tags — \(site.config.title)", description: "Every tag of \(site.config.title)",
                           route: route, category: nil),
            route: route,
            apiRoute: permalinks.apiTagIndex,
            tags: site.tags.map { tag in
                TagIndexViewModel.Entry(slug: tag.slug, name: tag.name, url: permalinks.tag(tag.slug).url,
                                        apiURL: permalinks.apiTagList(tag.slug, pageIndex: 0).url, postCount: tag.posts.count,
                                        pageCount: paging.paginators(forPostCount: tag.posts.count).count)
            }
        )
    }

    public func tagPage(at place: TagPlace) -> ListPageViewModel {
        let tag = site.tags[place.tagIndex]
        let summaries = tag.posts[place.paginator.itemRange].map(summary(of:))
        let folder = permalinks.tagFolder(tag.slug)
        return paging.listPage(place.paginator, title: String(joining: "#", tag.name), description: "",
                               feedURL: permalinks.tagFeed(folder).url, pageSummaries: summaries,
                               route: { permalinks.tag(folder, page: $0) }) { paginator, route in
            let title = paginator.number == 1
                ? String(joining: "Posts tagged ", tag.name, " — ", site.config.title)
                : "Posts tagged \(tag.name), page \(paginator.number) of \(paginator.numberOfPages) — \(site.config.title)"
            return chrome(title: title, description: String(joining: "Posts tagged ", tag.name), route: route, category: nil)
        }
    }

    /// The API file of one tag page, counted from 0 like the category lists.
    public func apiTagList(at place: TagPlace) -> APIListViewModel {
        let tag = site.tags[place.tagIndex]
        return APIListViewModel(route: permalinks.apiTagList(tag.slug, pageIndex: place.paginator.number - 1),
                                items: tag.posts[place.paginator.itemRange].map(apiListItem(of:)))
    }
}
