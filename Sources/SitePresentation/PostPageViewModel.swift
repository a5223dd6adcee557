/// One post's page: its rendered body, the list page that holds it and its
/// neighbours in the category's reading order.
public struct PostPageViewModel: Sendable, Hashable {
    public let chrome: SiteChrome
    public let route: Route
    public let id: String
    public let title: String
    public let summary: String
    public let displayDate: String?
    public let machineDate: String?
    public let category: Link
    /// The category's list page that shows this post.
    public let listPage: Link
    public let categoryFeedURL: String
    /// The post's or else the site's author; empty for nobody named.
    public let author: String
    /// `14 October 2015` and `2015-10-14T08:30:00Z`, when the post says when it was updated.
    public let displayUpdated: String?
    public let machineUpdated: String?
    /// `2015-10-14T08:30:00Z`, for metadata (`article:published_time`).
    public let publishedTime: String?
    public let tags: [Link]
    public let wordCount: Int
    public let readingMinutes: Int
    public let license: SiteLicense?
    /// HTML from cmark, already safe for where it lands.
    public let bodyHTML: HTML
    /// The body's `h2` and `h3` headings, nested; empty until the body is rendered.
    public let toc: [TableOfContentsEntry]
    /// How many headings the body has (any level): the theme shows the table of contents from 3.
    public let headingCount: Int
    /// The absolute URL of the body's first image, for social cards.
    public let imageURL: String?
    /// The post before this one in the list (newer).
    public let previousPost: Link?
    /// The post after this one in the list (older).
    public let nextPost: Link?

    /// Whether the theme shows the table of contents: from 3 headings, when some are `h2` or `h3`.
    public var showsTableOfContents: Bool {
        Self.showsTableOfContents(headingCount: headingCount, hasEntries: !toc.isEmpty)
    }

    /// The rule, for the link check too, which knows the headings before the page is made.
    static func showsTableOfContents(headingCount: Int, hasEntries: Bool) -> Bool {
        headingCount >= 3 && hasEntries
    }

    /// The same page with `body` rendered in it; `imageURL` absolute.
    public func withBody(_ body: RenderedMarkdown, imageURL: String?) -> PostPageViewModel {
        PostPageViewModel(chrome: chrome, route: route, id: id, title: title, summary: summary, displayDate: displayDate,
                          machineDate: machineDate, category: category, listPage: listPage, categoryFeedURL: categoryFeedURL,
                          author: author, displayUpdated: displayUpdated, machineUpdated: machineUpdated,
                          publishedTime: publishedTime, tags: tags, wordCount: wordCount, readingMinutes: readingMinutes,
                          license: license, bodyHTML: body.html, toc: TableOfContentsEntry.entries(body.headings),
                          headingCount: body.headings.count, imageURL: imageURL,
                          previousPost: previousPost, nextPost: nextPost)
    }
}

/// The site's licence as a post shows it.
public struct SiteLicense: Sendable, Hashable {
    public let text: String
    public let url: String?
}
