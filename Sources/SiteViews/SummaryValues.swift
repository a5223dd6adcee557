import Mustache
import SitePresentation
import Synchronization

/// Each post summary's template value, named once per build. A post's
/// summary is on its category's page, on a page of each of its tags and
/// maybe the home page; a list copies what another list rendered for it
/// (`FragmentCache`), so its value is made only when it is rendered, and
/// the fingerprint naming it is computed once per post, not once per page:
/// both cost more than copying the bytes.
final class SummaryValues: Sendable {
    private let identities = Mutex<[String: (summary: PostSummary, identity: MustacheObject.Identity)]>([:])

    /// A deferred object named by the post and a hash of all its summary
    /// shows. Summaries a presenter made once compare as fast as their text
    /// is shared.
    func value(_ summary: PostSummary) -> MustacheValue {
        .object(MustacheObject(identity: identity(of: summary), deferred: { summary.mustacheObject }))
    }

    private func identity(of summary: PostSummary) -> MustacheObject.Identity {
        if let kept = identities.withLock({ $0[summary.id] }), kept.summary == summary { return kept.identity }
        let identity = MustacheObject.Identity(name: summary.id, fingerprint: summary.hashValue)
        identities.withLock { $0[summary.id] = (summary, identity) }
        return identity
    }
}
