/// The block overrides in scope while a template renders, by block name. A
/// theme has a handful of blocks, and each block and parent tag looks its
/// names up here: a short list searched length first, as `MustacheObject`
/// is, costs less than hashing the name every time (2.8 million hashes in
/// a build of 10,000 posts).
struct BlockOverrides {
    /// An argument passed to a parent, with the overrides that were in scope
    /// where it was written, so it renders as its author saw it and can never
    /// end up overriding itself.
    struct Override {
        let template: Template
        let content: Range<Int>
        let scope: BlockOverrides
    }

    private var entries: [(name: String, override: Override)] = []

    var isEmpty: Bool { entries.isEmpty }

    subscript(name: String) -> Override? {
        // By index, so that only the entry found is copied, not every one passed.
        let length = name.utf8.count
        for index in entries.indices where entries[index].name.utf8.count == length && entries[index].name == name {
            return entries[index].override
        }
        return nil
    }

    /// Adds an override for a block that has none yet (the caller checks).
    mutating func add(_ override: Override, for name: String) {
        entries.append((name, override))
    }
}
