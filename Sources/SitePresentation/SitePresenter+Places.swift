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
}
