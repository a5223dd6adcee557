/// What the watcher announces: the inputs that changed in one burst of
/// edits. The serve controller reacts by building once.
public struct ChangeSet: Sendable, Equatable {
    /// Files and folders that were written, made, removed or renamed, each
    /// spelled as its root was given plus the path below it.
    public var paths: Set<String>
    /// The kernel dropped events (its queue overflowed), so `paths` may miss
    /// some: the listener must treat everything as changed.
    public var overflowed: Bool

    public init(paths: Set<String> = [], overflowed: Bool = false) {
        self.paths = paths
        self.overflowed = overflowed
    }

    public var isEmpty: Bool { paths.isEmpty && !overflowed }

    mutating func merge(_ other: ChangeSet) {
        paths.formUnion(other.paths)
        overflowed = overflowed || other.overflowed
    }
}
