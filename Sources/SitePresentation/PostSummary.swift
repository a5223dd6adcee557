import SiteModel

/// A post as a list shows it: title, one-line summary, date and link.
public struct PostSummary: Sendable, Hashable {
    public let id: String
    public let title: String
    public let summary: String
    public let url: String
    /// `14 October 2015`; nil for an undated post.
    public let displayDate: String?
    /// `2015-10-14`, for `<time datetime>`.
    public let machineDate: String?
    public let category: Link
    public let tags: [Link]
    /// Words and CJK characters, code blocks left out.
    public let wordCount: Int
    /// At least 1.
    public let readingMinutes: Int
    /// A hash of every field above, the same on every run. A summary is made
    /// once per post and shown on several lists (its category's, a page of
    /// each of its tags, maybe the home page): the lists' fingerprints and
    /// their kept renderings name it by this, rather than hash it per page.
    public let contentHash: UInt64

    public init(id: String, title: String, summary: String, url: String, displayDate: String?, machineDate: String?,
                category: Link, tags: [Link], wordCount: Int, readingMinutes: Int) {
        self.id = id
        self.title = title
        self.summary = summary
        self.url = url
        self.displayDate = displayDate
        self.machineDate = machineDate
        self.category = category
        self.tags = tags
        self.wordCount = wordCount
        self.readingMinutes = readingMinutes
        var hash = StableHash()
        for text in [id, title, summary, url, displayDate, machineDate, category.title, category.url] { hash.combine(text) }
        hash.combine(UInt64(tags.count))
        for tag in tags {
            hash.combine(tag.title)
            hash.combine(tag.url)
        }
        hash.combine(UInt64(bitPattern: Int64(wordCount)))
        hash.combine(UInt64(bitPattern: Int64(readingMinutes)))
        contentHash = hash.value
    }
}
