import SitePresentation
import Synchronization

/// Something made from a post summary, made once per build. A post's
/// summary is on its category's page, on a page of each of its tags and
/// maybe the home page: what is made from it alone (its template value's
/// name, its fingerprint) costs more than looking it up here by the post's
/// id. A kept value is given back only for an equal summary, and summaries
/// a presenter made once compare as fast as their text is shared.
///
/// Inlinable, so that each use is specialized for its value: unspecialized,
/// the look-up cost as much as the hash it saves.
public final class SummaryMemo<Value: Sendable>: Sendable {
    @usableFromInline let kept = Mutex<[String: (summary: PostSummary, value: Value)]>([:])

    public init() {}

    @inlinable
    public func value(of summary: PostSummary, make: (PostSummary) -> Value) -> Value {
        if let kept = kept.withLock({ $0[summary.id] }), kept.summary == summary { return kept.value }
        let value = make(summary)
        kept.withLock { $0[summary.id] = (summary, value) }
        return value
    }
}
