import SitePresentation
import Testing

/// The API's list files are fingerprinted, and each item's JSON kept, by the
/// item's `contentHash`: a field left out of it would let a file go stale.
@Suite("An API list item's hash")
struct APIListItemHashTests {
    private static func item(id: String = "hello", title: String = "Hello", desc: String = "A first post.",
                             url: String = "/api/posts/hello.json", date: String? = "2024-06-01T00:00:00Z") -> APIListViewModel.Item {
        APIListViewModel.Item(id: id, title: title, desc: desc, url: url, date: date)
    }

    @Test func changesWithEveryField() {
        let base = Self.item()
        let variants: [String: APIListViewModel.Item] = [
            "id": Self.item(id: "hello-2"),
            "title": Self.item(title: "Hello!"),
            "desc": Self.item(desc: "A second post."),
            "url": Self.item(url: "/api/posts/hello-2.json"),
            "date": Self.item(date: nil),
        ]
        for (field, variant) in variants {
            #expect(variant.contentHash != base.contentHash, "\(field)")
        }
        // The fields live in a box (one reference to count when an item is copied).
        let box = Mirror(reflecting: base).children.first { $0.label == "fields" }?.value
        let fields = box.map { Mirror(reflecting: $0).children.compactMap(\.label) }?.filter { $0 != "contentHash" } ?? []
        #expect(Set(fields) == Set(variants.keys), "every field has a variant here")
        #expect(Self.item().contentHash == base.contentHash)
        #expect(Self.item(title: "ab", desc: "c").contentHash != Self.item(title: "a", desc: "bc").contentHash)
    }
}
