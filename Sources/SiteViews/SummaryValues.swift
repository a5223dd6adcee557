import Mustache
import SitePresentation

/// Each post summary's template value, named by the post and the hash it
/// was made with. A list copies what another list rendered for a summary
/// (`FragmentCache`), so its value's entries are made only when it is
/// rendered; and the value itself is made once per post, not once per list.
extension PerPostMemo<MustacheValue> {
    func list(_ summaries: [PostSummary]) -> MustacheValue {
        // By index: handing each summary to a closure copied it, a dozen
        // retains and releases, for what is nearly always a lookup.
        .list(summaries.indices.map { index in
            value(id: summaries[index].id, contentHash: summaries[index].contentHash) {
                let summary = summaries[index]
                let identity = MustacheObject.Identity(name: summary.id, fingerprint: Int(truncatingIfNeeded: summary.contentHash))
                return .object(MustacheObject(identity: identity, deferred: { summary.mustacheObject }))
            }
        })
    }
}
