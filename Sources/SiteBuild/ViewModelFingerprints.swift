import SiteModel
import SitePresentation
import SiteViews

/// A view model that can feed every one of its fields, by name, into a
/// render fingerprint: far cheaper than building its template context just
/// to hash it. A test holds each list of names to the type's stored
/// properties, so a field added later cannot be left out.
protocol Fingerprinted {
    func fingerprint(into hasher: inout FingerprintHasher)
}

/// Hashes fields in a fixed order; a nested value is hashed on its own and
/// folded in as one number, so where one value ends and the next begins is
/// never ambiguous. `names` is filled only when a test asks for it.
struct FingerprintHasher {
    private(set) var hash = StableHash()
    var names: [String]?

    static func hash(_ value: some Fingerprinted) -> UInt64 {
        var hasher = FingerprintHasher()
        value.fingerprint(into: &hasher)
        return hasher.hash.value
    }

    mutating func field(_ name: String, _ text: String) {
        names?.append(name)
        hash.combine(text)
    }

    mutating func field(_ name: String, _ text: String?) {
        names?.append(name)
        if let text {
            hash.combine(1)
            hash.combine(text)
        } else {
            hash.combine(0)
        }
    }

    mutating func field(_ name: String, _ html: HTML) {
        names?.append(name)
        hash.combine(html.utf8)
    }

    mutating func field(_ name: String, _ number: Int) {
        names?.append(name)
        hash.combine(UInt64(bitPattern: Int64(number)))
    }

    mutating func field(_ name: String, _ flag: Bool) {
        names?.append(name)
        hash.combine(flag ? 1 : 0)
    }

    mutating func field(_ name: String, _ value: some Fingerprinted) {
        names?.append(name)
        hash.combine(Self.hash(value))
    }

    mutating func field(_ name: String, _ value: (some Fingerprinted)?) {
        names?.append(name)
        if let value {
            hash.combine(1)
            hash.combine(Self.hash(value))
        } else {
            hash.combine(0)
        }
    }

    mutating func field(_ name: String, _ values: [some Fingerprinted]) {
        names?.append(name)
        hash.combine(UInt64(values.count))
        for value in values { hash.combine(Self.hash(value)) }
    }

    /// Summaries by the hash each was given when made: a post is on several lists.
    mutating func field(_ name: String, _ summaries: [PostSummary]) {
        names?.append(name)
        hash.combine(UInt64(summaries.count))
        for index in summaries.indices { hash.combine(summaries[index].contentHash) }
    }

    /// The same for the items of the API's list files.
    mutating func field(_ name: String, _ items: [APIListViewModel.Item]) {
        names?.append(name)
        hash.combine(UInt64(items.count))
        for index in items.indices { hash.combine(items[index].contentHash) }
    }
}

extension Route: Fingerprinted {
    func fingerprint(into hasher: inout FingerprintHasher) {
        hasher.field("url", url)
        hasher.field("outputPath", outputPath)
    }
}

extension Link: Fingerprinted {
    func fingerprint(into hasher: inout FingerprintHasher) {
        hasher.field("title", title)
        hasher.field("url", url)
    }
}

extension NavigationItem: Fingerprinted {
    func fingerprint(into hasher: inout FingerprintHasher) {
        hasher.field("title", title)
        hasher.field("url", url)
        hasher.field("isCurrent", isCurrent)
    }
}

extension SiteChrome: Fingerprinted {
    func fingerprint(into hasher: inout FingerprintHasher) {
        hasher.field("siteTitle", siteTitle)
        hasher.field("siteDescription", siteDescription)
        hasher.field("language", language)
        hasher.field("homeURL", homeURL)
        hasher.field("stylesheetURL", stylesheetURL)
        hasher.field("feedURL", feedURL)
        hasher.field("navigation", navigation)
        hasher.field("pageTitle", pageTitle)
        hasher.field("pageDescription", pageDescription)
        hasher.field("canonicalURL", canonicalURL)
        hasher.field("searchURL", searchURL)
    }
}

extension PostPageViewModel: Fingerprinted {
    func fingerprint(into hasher: inout FingerprintHasher) {
        hasher.field("chrome", chrome)
        hasher.field("route", route)
        hasher.field("id", id)
        hasher.field("title", title)
        hasher.field("summary", summary)
        hasher.field("displayDate", displayDate)
        hasher.field("machineDate", machineDate)
        hasher.field("category", category)
        hasher.field("listPage", listPage)
        hasher.field("categoryFeedURL", categoryFeedURL)
        hasher.field("author", author)
        hasher.field("displayUpdated", displayUpdated)
        hasher.field("machineUpdated", machineUpdated)
        hasher.field("publishedTime", publishedTime)
        hasher.field("tags", tags)
        hasher.field("wordCount", wordCount)
        hasher.field("readingMinutes", readingMinutes)
        hasher.field("license", license)
        hasher.field("bodyHTML", bodyHTML)
        hasher.field("toc", toc)
        hasher.field("headingCount", headingCount)
        hasher.field("imageURL", imageURL)
        hasher.field("previousPost", previousPost)
        hasher.field("nextPost", nextPost)
    }
}

extension APIPostViewModel: Fingerprinted {
    func fingerprint(into hasher: inout FingerprintHasher) {
        hasher.field("route", route)
        hasher.field("id", id)
        hasher.field("title", title)
        hasher.field("desc", desc)
        hasher.field("category", category)
        hasher.field("date", date)
        hasher.field("updated", updated)
        hasher.field("author", author)
        hasher.field("tags", tags.joined(separator: "\u{0}"))
        hasher.field("wordCount", wordCount)
        hasher.field("readingMinutes", readingMinutes)
        hasher.field("body", body)
    }
}

extension TableOfContentsEntry: Fingerprinted {
    func fingerprint(into hasher: inout FingerprintHasher) {
        hasher.field("title", title)
        hasher.field("url", url)
        hasher.field("children", children)
    }
}

extension SiteLicense: Fingerprinted {
    func fingerprint(into hasher: inout FingerprintHasher) {
        hasher.field("text", text)
        hasher.field("url", url)
    }
}

extension PageLink: Fingerprinted {
    func fingerprint(into hasher: inout FingerprintHasher) {
        hasher.field("number", number)
        hasher.field("url", url)
        hasher.field("isCurrent", isCurrent)
        hasher.field("isGap", isGap)
    }
}

extension ListPageViewModel: Fingerprinted {
    func fingerprint(into hasher: inout FingerprintHasher) {
        hasher.field("chrome", chrome)
        hasher.field("route", route)
        hasher.field("category", category)
        hasher.field("categoryDescription", categoryDescription)
        hasher.field("categoryFeedURL", categoryFeedURL)
        hasher.field("pageNumber", pageNumber)
        hasher.field("pageCount", pageCount)
        hasher.field("posts", posts)
        hasher.field("previousPage", previousPage)
        hasher.field("nextPage", nextPage)
        hasher.field("pages", pages)
    }
}

extension APIListViewModel: Fingerprinted {
    func fingerprint(into hasher: inout FingerprintHasher) {
        hasher.field("route", route)
        hasher.field("items", items)
    }
}

extension FeedViewModel.Entry: Fingerprinted {
    func fingerprint(into hasher: inout FingerprintHasher) {
        hasher.field("id", id)
        hasher.field("title", title)
        hasher.field("url", url)
        hasher.field("updated", updated)
        hasher.field("published", published)
        hasher.field("authorName", authorName)
        hasher.field("summary", summary)
        hasher.field("contentHTML", contentHTML)
        hasher.field("categoryTitle", categoryTitle)
    }
}

extension FeedViewModel: Fingerprinted {
    func fingerprint(into hasher: inout FingerprintHasher) {
        hasher.field("route", route)
        hasher.field("id", id)
        hasher.field("title", title)
        hasher.field("subtitle", subtitle)
        hasher.field("selfURL", selfURL)
        hasher.field("alternateURL", alternateURL)
        hasher.field("updated", updated)
        hasher.field("authorName", authorName)
        hasher.field("entries", entries)
    }
}
