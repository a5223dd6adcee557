import Synchronization

/// Something made once per post in a build and handed to every page that
/// shows the post: a post is on its category's list, the home page and a
/// list of each of its tags, and making its part again for each of them
/// cost more than fetching it. What is kept is named by the post's id and
/// the hash of what it was made from, so only an equal post is given it.
final class PerPostMemo<Value: Sendable>: Sendable {
    private struct Key: Hashable {
        let id: String
        let contentHash: UInt64

        /// The hash is one already; the id only tells two apart that share it.
        func hash(into hasher: inout Hasher) {
            hasher.combine(contentHash)
        }
    }

    private let values = Mutex<[Key: Value]>([:])

    /// What `make` gives for the post, called the first time only.
    func value(id: String, contentHash: UInt64, make: () -> Value) -> Value {
        let key = Key(id: id, contentHash: contentHash)
        if let kept = values.withLock({ $0[key] }) { return kept }
        let made = make()
        values.withLock { $0[key] = made }
        return made
    }
}
