import Mustache
import SitePresentation

// What each template sees. The names here are the template variables the
// docs/templates.md documents; change both together. An object is searched
// from its last key: a page's `site` goes last, as the layout looks it up
// about thirty times a page.

extension Link: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["title": .string(title), "url": .string(url)])
    }
}

extension NavigationItem: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["title": .string(title), "url": .string(url), "isCurrent": .bool(isCurrent)])
    }
}

extension SiteChrome: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object([
            "siteTitle": .string(siteTitle),
            "siteDescription": .string(siteDescription),
            "language": .string(language),
            "homeURL": .string(homeURL),
            "stylesheetURL": .string(stylesheetURL),
            "feedURL": .string(feedURL),
            "navigation": navigation.mustacheValue,
            "pageTitle": .string(pageTitle),
            "pageDescription": .string(pageDescription),
            "canonicalURL": .string(canonicalURL),
            "searchURL": searchURL.mustacheValue,
        ])
    }
}

extension PostSummary: MustacheConvertible {
    public var mustacheValue: MustacheValue { .object(mustacheObject) }

    var mustacheObject: MustacheObject {
        [
            "id": .string(id),
            "title": .string(title),
            "summary": .string(summary),
            "url": .string(url),
            "displayDate": displayDate.mustacheValue,
            "machineDate": machineDate.mustacheValue,
            "category": category.mustacheValue,
            "tags": tags.mustacheValue,
            "hasTags": .bool(!tags.isEmpty),
            "wordCount": .int(wordCount),
            "readingMinutes": .int(readingMinutes),
        ]
    }
}

extension TableOfContentsEntry: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["title": .string(title), "url": .string(url), "children": children.mustacheValue,
                 "hasChildren": .bool(!children.isEmpty)])
    }
}

extension SiteLicense: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["text": .string(text), "url": url.mustacheValue])
    }
}

extension TagIndexViewModel.Entry: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["slug": .string(slug), "name": .string(name), "url": .string(url), "postCount": .int(postCount)])
    }
}

extension TagIndexViewModel: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["site": chrome.mustacheValue, "url": .string(route.url), "tags": tags.mustacheValue])
    }
}

extension PageLink: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["number": .int(number), "url": .string(url), "isCurrent": .bool(isCurrent), "isGap": .bool(isGap)])
    }
}

extension HomeViewModel.CategoryEntry: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["title": .string(title), "url": .string(url), "description": .string(description), "postCount": .int(postCount)])
    }
}

extension HomeViewModel: MustacheConvertible {
    public var mustacheValue: MustacheValue { mustacheValue(summaries: \.mustacheValue) }

    /// `summaries` gives each post summary's value, which a renderer makes once per post.
    func mustacheValue(summaries: (PostSummary) -> MustacheValue) -> MustacheValue {
        .object(["site": chrome.mustacheValue, "categories": categories.mustacheValue,
                 "latestPosts": .list(latestPosts.map(summaries))])
    }
}

extension ListPageViewModel: MustacheConvertible {
    public var mustacheValue: MustacheValue { mustacheValue(summaries: \.mustacheValue) }

    /// `summaries` gives each post summary's value, which a renderer makes once per post.
    func mustacheValue(summaries: (PostSummary) -> MustacheValue) -> MustacheValue {
        .object([
            "url": .string(route.url),
            "category": category.mustacheValue,
            "categoryDescription": .string(categoryDescription),
            "categoryFeedURL": .string(categoryFeedURL),
            "pageNumber": .int(pageNumber),
            "pageCount": .int(pageCount),
            "posts": .list(posts.map(summaries)),
            "previousPage": previousPage.mustacheValue,
            "nextPage": nextPage.mustacheValue,
            "pages": pages.mustacheValue,
            "site": chrome.mustacheValue,
        ])
    }
}

extension PostPageViewModel: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object([
            "url": .string(route.url),
            "id": .string(id),
            "title": .string(title),
            "summary": .string(summary),
            "displayDate": displayDate.mustacheValue,
            "machineDate": machineDate.mustacheValue,
            "category": category.mustacheValue,
            "listPage": listPage.mustacheValue,
            "categoryFeedURL": .string(categoryFeedURL),
            "author": .string(author),
            "displayUpdated": displayUpdated.mustacheValue,
            "machineUpdated": machineUpdated.mustacheValue,
            "publishedTime": publishedTime.mustacheValue,
            "tags": tags.mustacheValue,
            "hasTags": .bool(!tags.isEmpty),
            "wordCount": .int(wordCount),
            "readingMinutes": .int(readingMinutes),
            "license": license.mustacheValue,
            "bodyHTML": .utf8(bodyHTML.utf8),
            "toc": toc.mustacheValue,
            "showTOC": .bool(showsTableOfContents),
            "imageURL": imageURL.mustacheValue,
            "jsonLD": .utf8(PostJSONLD.bytes(self)),
            "previousPost": previousPost.mustacheValue,
            "nextPost": nextPost.mustacheValue,
            "site": chrome.mustacheValue,
        ])
    }
}

extension NotFoundViewModel: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["site": chrome.mustacheValue])
    }
}

extension FeedViewModel.Entry: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object([
            "id": .string(id),
            "title": .string(title),
            "url": .string(url),
            "updated": .string(updated),
            "published": published.mustacheValue,
            "authorName": .string(authorName),
            "summary": .string(summary),
            "contentHTML": .utf8(contentHTML.utf8),
            "contentCDATA": .utf8(CDATAText.bytes(contentHTML.utf8)),
            "categoryTitle": .string(categoryTitle),
        ])
    }
}

extension FeedViewModel: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object([
            "id": .string(id),
            "title": .string(title),
            "subtitle": .string(subtitle),
            "selfURL": .string(selfURL),
            "alternateURL": .string(alternateURL),
            "updated": .string(updated),
            "authorName": .string(authorName),
            "entries": entries.mustacheValue,
        ])
    }
}

extension SearchPageViewModel: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object([
            "site": chrome.mustacheValue,
            "url": .string(route.url),
            "indexURL": .string(indexURL),
            "scriptURL": .string(scriptURL),
        ])
    }
}
