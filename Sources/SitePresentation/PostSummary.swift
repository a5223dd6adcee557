import SiteModel

/// A post as a list shows it: title, one-line summary, date and link.
///
/// A value, whose fields live in one immutable box: a summary is copied
/// wherever a list shows it (into each page's view model, into what renders
/// it), and a copy of a dozen strings and arrays counted a reference for
/// each, where the box counts one.
public struct PostSummary: Sendable, Hashable {
    private let fields: Fields

    private final class Fields: Sendable {
        let id: String
        let title: String
        let summary: String
        let url: String
        let displayDate: String?
        let machineDate: String?
        let category: Link
        let tags: [Link]
        let wordCount: Int
        let readingMinutes: Int
        let contentHash: UInt64

        init(id: String, title: String, summary: String, url: String, displayDate: String?, machineDate: String?,
             category: Link, tags: [Link], wordCount: Int, readingMinutes: Int, contentHash: UInt64) {
            (self.id, self.title, self.summary, self.url) = (id, title, summary, url)
            (self.displayDate, self.machineDate, self.category, self.tags) = (displayDate, machineDate, category, tags)
            (self.wordCount, self.readingMinutes, self.contentHash) = (wordCount, readingMinutes, contentHash)
        }
    }

    public var id: String { fields.id }
    public var title: String { fields.title }
    public var summary: String { fields.summary }
    public var url: String { fields.url }
    /// `14 October 2015`; nil for an undated post.
    public var displayDate: String? { fields.displayDate }
    /// `2015-10-14`, for `<time datetime>`.
    public var machineDate: String? { fields.machineDate }
    public var category: Link { fields.category }
    public var tags: [Link] { fields.tags }
    /// Words and CJK characters, code blocks left out.
    public var wordCount: Int { fields.wordCount }
    /// At least 1.
    public var readingMinutes: Int { fields.readingMinutes }
    /// A hash of every field above, the same on every run. A summary is made
    /// once per post and shown on several lists (its category's, a page of
    /// each of its tags, maybe the home page): the lists' fingerprints and
    /// their kept renderings name it by this, rather than hash it per page.
    public var contentHash: UInt64 { fields.contentHash }

    public init(id: String, title: String, summary: String, url: String, displayDate: String?, machineDate: String?,
                category: Link, tags: [Link], wordCount: Int, readingMinutes: Int) {
        var hash = StableHash()
        for text in [id, title, summary, url, displayDate, machineDate, category.title, category.url] { hash.combine(text) }
        hash.combine(UInt64(tags.count))
        for tag in tags {
            hash.combine(tag.title)
            hash.combine(tag.url)
        }
        hash.combine(UInt64(bitPattern: Int64(wordCount)))
        hash.combine(UInt64(bitPattern: Int64(readingMinutes)))
        fields = Fields(id: id, title: title, summary: summary, url: url, displayDate: displayDate, machineDate: machineDate,
                        category: category, tags: tags, wordCount: wordCount, readingMinutes: readingMinutes,
                        contentHash: hash.value)
    }

    /// Equal when every field is: the same box, or the same values in two.
    public static func == (lhs: PostSummary, rhs: PostSummary) -> Bool {
        let (a, b) = (lhs.fields, rhs.fields)
        return a === b || (a.contentHash == b.contentHash && a.id == b.id && a.title == b.title && a.summary == b.summary
            && a.url == b.url && a.displayDate == b.displayDate && a.machineDate == b.machineDate && a.category == b.category
            && a.tags == b.tags && a.wordCount == b.wordCount && a.readingMinutes == b.readingMinutes)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fields.contentHash)
    }
}
