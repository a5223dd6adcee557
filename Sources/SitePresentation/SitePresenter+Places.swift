import SiteModel

/// Which posts a list page shows, without presenting it: a warm rebuild
/// renders again only the pages showing a post whose summary changed.
extension SitePresenter {
    public func posts(at place: ListPlace) -> ArraySlice<Post> {
        site.categories[place.categoryIndex].posts[place.paginator.itemRange]
    }

    public func posts(at place: TagPlace) -> ArraySlice<Post> {
        site.tags[place.tagIndex].posts[place.paginator.itemRange]
    }

    /// The list pages of categories and tags that show a post of `indices`
    /// (into `posts`), each once, found without going through every page of the site.
    public func places(showingPostsAt indices: some Sequence<Int>) -> (lists: [ListPlace], tags: [TagPlace]) {
        var lists: [ListPlace] = []
        var tags: [TagPlace] = []
        var seenLists: Set<[Int]> = []
        var seenTags: Set<[Int]> = []
        for index in indices {
            let place = posts[index]
            let pages = paging.paginators(forPostCount: site.categories[place.categoryIndex].posts.count)
            if let page = pages.first(where: { $0.itemRange.contains(place.indexInCategory) }),
               seenLists.insert([place.categoryIndex, page.number]).inserted {
                lists.append(ListPlace(categoryIndex: place.categoryIndex, paginator: page))
            }
            for (tagIndex, tag) in site.tags.enumerated() where !tag.spellings.isDisjoint(with: place.post.details.tags) {
                guard let at = tag.posts.firstIndex(where: { $0.id == place.post.id }),
                      let page = paging.paginators(forPostCount: tag.posts.count).first(where: { $0.itemRange.contains(at) })
                else { continue }
                guard seenTags.insert([tagIndex, page.number]).inserted else { continue }
                tags.append(TagPlace(tagIndex: tagIndex, paginator: page))
            }
        }
        return (lists, tags)
    }
}
