import SitePresentation
import Testing

/// Lists are fingerprinted, and their rendered summaries kept, by each
/// summary's `contentHash`: a field left out of it would let a list go
/// stale when only that field changed.
@Suite("A post summary's hash")
struct PostSummaryHashTests {
    private static func summary(id: String = "hello", title: String = "Hello", summary: String = "A first post.",
                                url: String = "/posts/hello/", displayDate: String? = "1 June 2024",
                                machineDate: String? = "2024-06-01", category: Link = Link(title: "Swift", url: "/swift/"),
                                tags: [Link] = [Link(title: "iOS", url: "/tags/ios/")], wordCount: Int = 120,
                                readingMinutes: Int = 1) -> PostSummary {
        PostSummary(id: id, title: title, summary: summary, url: url, displayDate: displayDate, machineDate: machineDate,
                    category: category, tags: tags, wordCount: wordCount, readingMinutes: readingMinutes)
    }

    @Test func changesWithEveryField() {
        let base = Self.summary()
        let variants: [String: PostSummary] = [
            "id": Self.summary(id: "hello-2"),
            "title": Self.summary(title: "Hello!"),
            "summary": Self.summary(summary: "A second post."),
            "url": Self.summary(url: "/posts/hello-2/"),
            "displayDate": Self.summary(displayDate: nil),
            "machineDate": Self.summary(machineDate: "2024-06-02"),
            "category": Self.summary(category: Link(title: "Swift", url: "/swift-2/")),
            "tags": Self.summary(tags: [Link(title: "iOS", url: "/tags/ios/"), Link(title: "UIKit", url: "/tags/uikit/")]),
            "wordCount": Self.summary(wordCount: 121),
            "readingMinutes": Self.summary(readingMinutes: 2),
        ]
        for (field, variant) in variants {
            #expect(variant.contentHash != base.contentHash, "\(field)")
        }
        // The fields are kept in one box: its stored properties are the summary's.
        let box = Mirror(reflecting: base).children.first { $0.label == "fields" }?.value
        let fields = box.map { Mirror(reflecting: $0).children.compactMap(\.label) }?.filter { $0 != "contentHash" } ?? []
        #expect(Set(fields) == Set(variants.keys), "every field has a variant here")
        #expect(Self.summary().contentHash == base.contentHash, "and the same fields give the same hash")
    }

    @Test func tellsWhereOneFieldEndsAndTheNextBegins() {
        let one = Self.summary(title: "Hello", summary: "world")
        let other = Self.summary(title: "Hellow", summary: "orld")
        #expect(one.contentHash != other.contentHash)
        let tagged = Self.summary(tags: [Link(title: "a", url: "b")])
        let retagged = Self.summary(tags: [Link(title: "ab", url: "")])
        #expect(tagged.contentHash != retagged.contentHash)
    }
}
