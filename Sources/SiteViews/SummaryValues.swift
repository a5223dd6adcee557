import Mustache
import SitePresentation

/// Each post summary's template value, named by the post and the hash it
/// was made with. A list copies what another list rendered for a summary
/// (`FragmentCache`), so its value's entries are made only when it is rendered.
enum SummaryValues {
    static func value(_ summary: PostSummary) -> MustacheValue {
        let identity = MustacheObject.Identity(name: summary.id, fingerprint: Int(truncatingIfNeeded: summary.contentHash))
        return .object(MustacheObject(identity: identity, deferred: { summary.mustacheObject }))
    }
}
