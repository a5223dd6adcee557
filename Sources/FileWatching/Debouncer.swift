/// Gathers the changes of a burst and says when to announce them: once
/// nothing has changed for `quiet`, or `maxWait` after the first change,
/// whichever comes first, so a long stream of writes still builds now and then.
struct Debouncer {
    typealias Instant = ContinuousClock.Instant

    let quiet: Duration
    let maxWait: Duration
    private(set) var pending = ChangeSet()
    private var first: Instant?
    private var last: Instant?

    init(quiet: Duration, maxWait: Duration) {
        self.quiet = quiet
        self.maxWait = maxWait
    }

    mutating func add(_ changes: ChangeSet, at now: Instant) {
        guard !changes.isEmpty else { return }
        pending.merge(changes)
        if first == nil { first = now }
        last = now
    }

    /// When the pending changes are due; nil while there are none.
    var deadline: Instant? {
        guard let first, let last else { return nil }
        return min(last + quiet, first + maxWait)
    }

    /// The pending changes once they are due, clearing them.
    mutating func takeIfDue(at now: Instant) -> ChangeSet? {
        guard let deadline, now >= deadline else { return nil }
        defer {
            pending = ChangeSet()
            first = nil
            last = nil
        }
        return pending
    }
}
