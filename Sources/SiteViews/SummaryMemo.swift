#if canImport(Glibc)
import Glibc
#endif
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
    /// A summary and what was made from it, kept by reference: a look-up
    /// then copies one reference out of the table, not the summary's fields.
    @usableFromInline
    final class Entry: Sendable {
        @usableFromInline let summary: PostSummary
        @usableFromInline let value: Value

        @inlinable
        init(_ summary: PostSummary, _ value: Value) {
            self.summary = summary
            self.value = value
        }
    }

    @usableFromInline let kept = Mutex<[PostKey: Entry]>([:])

    public init() {}

    @inlinable
    public func value(of summary: PostSummary, make: (PostSummary) -> Value) -> Value {
        let key = PostKey(summary.id)
        if let entry = kept.withLock({ $0[key] }), entry.summary == summary { return entry.value }
        let value = make(summary)
        kept.withLock { $0[key] = Entry(summary, value) }
        return value
    }
}

/// A post's id as a key hashed by its bytes: a `String` key is hashed in
/// its normalized form, which cost more than the look-up it served. Ids are
/// file names, so byte for byte is what tells two apart.
@usableFromInline
struct PostKey: Hashable, Sendable {
    @usableFromInline let id: String

    @inlinable
    init(_ id: String) {
        self.id = id
    }

    @inlinable
    func hash(into hasher: inout Hasher) {
        var id = id
        id.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Byte for byte, as hashed (`String`'s comparison alone calls an accent
    /// composed and decomposed the same). It goes first all the same: it
    /// tells two short ids apart in one step, and a look-up meets about two
    /// keys, where comparing their bytes cost 275 instructions a key.
    @inlinable
    static func == (lhs: PostKey, rhs: PostKey) -> Bool {
        guard lhs.id == rhs.id else { return false }
        var (left, right) = (lhs.id, rhs.id)
        return left.withUTF8 { left in
            right.withUTF8 { right in
                guard left.count == right.count, let first = left.baseAddress, let second = right.baseAddress else {
                    return left.count == right.count
                }
                return memcmp(first, second, left.count) == 0
            }
        }
    }
}
