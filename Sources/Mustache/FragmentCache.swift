/// What a section renders for one element of a list, kept so that the next
/// page showing that element copies it instead of rendering it again. A
/// blog's lists show the same post summaries over and over (a post is on its
/// category's page, the home page and a page of each of its tags), and
/// rendering them was most of what a list page cost.
///
/// Only an element that names its content (`MustacheObject.Identity`) is
/// kept, and only when its rendering looked up nothing outside the element:
/// a summary that prints the page's title, say, renders afresh on every page.
/// One cache serves one set of templates and one set of values (one build):
/// it is shared by the threads rendering them, in shards (`ShardedTable`).
public final class FragmentCache: Sendable {
    struct Key: Hashable {
        /// The template and the section node that renders the element.
        let template: String
        let node: Int
        let identity: MustacheObject.Identity
        /// Whether the output stood at a line start: an indented partial inside depends on it.
        let atLineStart: Bool

        /// Looked up once per element of every list rendered: the template's
        /// name is left to equality, as one list's elements share it.
        func hash(into hasher: inout Hasher) {
            hasher.combine(identity)
            hasher.combine(node)
        }
    }

    /// The bytes, and what rendering them took, so that a copy counts against
    /// a render's limits as the rendering did.
    struct Fragment {
        let bytes: [UInt8]
        let steps: Int
        let expansions: Int
        /// How much deeper than the section the rendering nested.
        let nesting: Int
        let expansionDepth: Int
        let endsAtLineStart: Bool
    }

    private let fragments = ShardedTable<Key, Fragment>()

    public init() {}

    func fragment(for key: Key) -> Fragment? {
        fragments.value(for: key, hash: UInt64(bitPattern: Int64(key.identity.fingerprint)))
    }

    func keep(_ fragment: Fragment, for key: Key) {
        fragments.set(fragment, for: key, hash: UInt64(bitPattern: Int64(key.identity.fingerprint)))
    }

    /// How many fragments are kept.
    public var count: Int {
        fragments.count
    }
}
