import Mustache
import SitePresentation

/// Turns view models into the bytes of their files: HTML and feeds through
/// the site's templates, the sitemap through the built-in ones, the API as JSON.
public struct SiteRenderer: Sendable {
    public let templates: TemplateSet
    /// The bytes each post summary rendered to, made once per post and
    /// reused by every list that shows it: a renderer serves one build's view models.
    private let summaries = FragmentCache()
    private let apiItems = APIItemCache()

    public init(templates: TemplateSet) {
        self.templates = templates
    }

    public func render(_ page: HomeViewModel) -> RenderedFile {
        templates.page("home", page.mustacheValue(summaries: SummaryValues.value), at: page.route.outputPath, fragments: summaries)
    }

    public func render(_ page: ListPageViewModel) -> RenderedFile {
        templates.page("list", page.mustacheValue(summaries: SummaryValues.value), at: page.route.outputPath, fragments: summaries)
    }

    public func render(_ page: PostPageViewModel) -> RenderedFile {
        templates.page("post", page.mustacheValue, at: page.route.outputPath, extraCapacity: page.bodyHTML.utf8.count)
    }

    public func render(_ page: TagIndexViewModel) -> RenderedFile {
        templates.page("tags", page.mustacheValue, at: page.route.outputPath)
    }

    /// `api/tags/index.json`.
    public func renderAPI(_ index: TagIndexViewModel) -> RenderedFile {
        var json = JSONWriter()
        json.beginObject()
        json.key("tags")
        json.beginArray()
        for tag in index.tags {
            json.beginObject()
            json.field("slug", tag.slug)
            json.field("name", tag.name)
            json.field("postCount", .int(tag.postCount))
            json.field("pageCount", .int(tag.pageCount))
            json.field("url", tag.apiURL)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return RenderedFile(path: index.apiRoute.outputPath, bytes: json.finish())
    }

    public func render(_ page: NotFoundViewModel) -> RenderedFile {
        templates.page("404", page.mustacheValue, at: page.route.outputPath)
    }

    /// Nil when the templates have no `search` page: the site then has no search.
    public func render(_ page: SearchPageViewModel) -> RenderedFile? {
        guard templates.hasSearchTemplate else { return nil }
        return templates.page(TemplateSet.searchTemplate, page.mustacheValue, at: page.route.outputPath)
    }

    public func render(_ feed: FeedViewModel) -> RenderedFile {
        guard templates.hasFeedTemplate else {
            return RenderedFile(path: feed.route.outputPath, bytes: builtIn(TemplateSet.feedTemplate, feed.mustacheValue))
        }
        return templates.page(TemplateSet.feedTemplate, feed.mustacheValue, at: feed.route.outputPath)
    }

    /// `sitemap.xml` and `robots.txt`.
    public func render(_ sitemap: SitemapViewModel) -> [RenderedFile] {
        let value: MustacheValue = .object([
            "urls": .list(sitemap.entries.map { entry in
                .object(["url": .string(entry.url), "lastModified": entry.lastModified.mustacheValue])
            }),
            "sitemapURL": .string(sitemap.sitemapURL),
        ])
        return [
            RenderedFile(path: sitemap.route.outputPath, bytes: builtIn("sitemap.xml", value)),
            RenderedFile(path: sitemap.robotsRoute.outputPath, bytes: builtIn("robots.txt", value)),
        ]
    }

    public func render(_ index: APIIndexViewModel) -> RenderedFile {
        var json = JSONWriter()
        json.beginObject()
        json.field("title", index.title)
        json.key("categories")
        json.beginArray()
        for category in index.categories {
            json.beginObject()
            json.field("slug", category.slug)
            json.field("title", category.title)
            json.field("postCount", .int(category.postCount))
            json.field("pageCount", .int(category.pageCount))
            json.field("url", category.url)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return RenderedFile(path: index.route.outputPath, bytes: json.finish())
    }

    public func render(_ list: APIListViewModel) -> RenderedFile {
        var json = JSONWriter()
        json.beginArray()
        for item in list.items {
            json.value(json: apiItems.json(of: item, make: Self.json(of:)))
        }
        json.endArray()
        return RenderedFile(path: list.route.outputPath, bytes: json.finish())
    }

    private static func json(of item: APIListViewModel.Item) -> [UInt8] {
        var json = JSONWriter()
        json.beginObject()
        json.field("id", item.id)
        json.field("title", item.title)
        json.field("desc", item.desc)
        json.field("url", item.url)
        json.field("date", item.date)
        json.endObject()
        return json.bytes
    }

    public func render(_ post: APIPostViewModel) -> RenderedFile {
        // Escaped, the body's markup takes about one and a half times its bytes.
        var json = JSONWriter(capacity: post.body.utf8.count * 7 / 4 + 1024)
        json.beginObject()
        json.field("id", post.id)
        json.field("title", post.title)
        json.field("desc", post.desc)
        json.field("category", post.category)
        json.field("date", post.date)
        json.field("updated", post.updated)
        json.field("author", post.author)
        json.key("tags")
        json.beginArray()
        for tag in post.tags { json.value(.string(tag)) }
        json.endArray()
        json.field("wordCount", .int(post.wordCount))
        json.field("readingMinutes", .int(post.readingMinutes))
        json.field("body", .utf8(post.body.utf8))
        json.endObject()
        return RenderedFile(path: post.route.outputPath, bytes: json.finish())
    }

    private func builtIn(_ name: String, _ value: MustacheValue) -> [UInt8] {
        var bytes: [UInt8] = []
        BuiltInTemplates.library?.render(name, value, into: &bytes)
        return bytes
    }
}
