import Mustache
import SitePresentation

/// Each item of the API's list files as JSON, made once per build: a post's
/// item is in its category's file and a file of each of its tags, and
/// escaping its five strings again for each file cost more than copying them.
/// An item is kept under its id and the hash of its fields, so only an
/// equal item is given the bytes.
final class APIItemCache: Sendable {
    private struct Key: Hashable {
        let id: String
        let contentHash: UInt64

        /// The hash is one already; the id only tells two apart that share it.
        func hash(into hasher: inout Hasher) {
            hasher.combine(contentHash)
        }
    }

    private let items = ShardedTable<Key, [UInt8]>()

    /// The item's JSON object, made by `make` the first time.
    func json(of item: APIListViewModel.Item, make: (APIListViewModel.Item) -> [UInt8]) -> [UInt8] {
        let key = Key(id: item.id, contentHash: item.contentHash)
        if let kept = items.value(for: key, hash: item.contentHash) { return kept }
        let made = make(item)
        items.set(made, for: key, hash: item.contentHash)
        return made
    }
}
