import SiteModel

extension SitePresenter {
    /// The posts the search index holds, drafts never, numbered oldest first
    /// (the reverse of the reading order), so that a new post takes the next
    /// number and the numbers, and the index files, of the others stay.
    public var searchDocuments: [SearchDocument] {
        let indexed = posts.indices.filter { !posts[$0].post.isDraft }
        let ordered = indexed.sorted { Post.readingOrder(posts[$1].post, posts[$0].post) }
        return ordered.map { index in
            let place = posts[index]
            let post = place.post
            let summary = summaries[place.categoryIndex][place.indexInCategory]
            return SearchDocument(postIndex: index, id: post.id, title: post.title, url: summary.url,
                                  displayDate: summary.displayDate, machineDate: summary.machineDate,
                                  categoryIndex: place.categoryIndex, strongTexts: post.searchStrongTexts)
        }
    }

    /// The categories, in the order `SearchDocument.categoryIndex` counts them.
    public var searchCategories: [Link] {
        site.categories.map { categoryLink($0.slug) }
    }

    /// What completes a post's id into the URL of its API file, whose body the search page shows snippets of.
    public var searchTextURLPrefix: String { permalinks.base.path + "api/posts/" }

    /// Nil when `site.json` turns search off.
    public var searchPage: SearchPageViewModel? {
        guard site.config.search else { return nil }
        let route = permalinks.search
        return SearchPageViewModel(
            chrome: chrome(title: "Search — \(site.config.title)", description: "Search \(site.config.title)",
                           route: route, category: nil),
            route: route,
            indexURL: permalinks.searchIndex,
            scriptURL: permalinks.asset("search.js")
        )
    }
}

extension Post {
    /// Title, description and tags: the texts whose matches rank first.
    /// Made in room for all of them: joining two arrays took a generic
    /// path of some 700 instructions a post, twice a build.
    public var searchStrongTexts: [String] {
        var texts: [String] = []
        texts.reserveCapacity(2 + details.tags.count)
        texts.append(title)
        texts.append(summary)
        for tag in details.tags { texts.append(tag) }
        return texts
    }
}
