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

    /// The names apart from the overrides, so that a search reads names
    /// alone: reading a pair copied (and retained) its override too.
    private var names: [String] = []
    private var overrides: [Override] = []

    var isEmpty: Bool { names.isEmpty }

    subscript(name: String) -> Override? {
        let length = name.utf8.count
        for index in names.indices where names[index].utf8.count == length && names[index] == name {
            return overrides[index]
        }
        return nil
    }

    /// Adds an override for a block that has none yet (the caller checks).
    mutating func add(_ override: Override, for name: String) {
        names.append(name)
        overrides.append(override)
    }
}
