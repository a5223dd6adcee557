import Mustache
import SitePresentation

/// Each post summary's template value, named once per build. A list copies
/// what another list rendered for a summary (`FragmentCache`), so its value
/// is made only when it is rendered, and the fingerprint naming it is
/// computed once per post (`SummaryMemo`), not once per page: both cost
/// more than copying the bytes.
final class SummaryValues: Sendable {
    private let identities = SummaryMemo<MustacheObject.Identity>()

    /// A deferred object named by the post and a hash of all its summary shows.
    func value(_ summary: PostSummary) -> MustacheValue {
        let identity = identities.value(of: summary) { MustacheObject.Identity(name: $0.id, fingerprint: $0.hashValue) }
        return .object(MustacheObject(identity: identity, deferred: { summary.mustacheObject }))
    }
}
