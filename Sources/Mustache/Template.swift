/// A compiled template, immutable once built. Its nodes sit in one flat array
/// in document order, and an element's content is the range of nodes right
/// after it: a tree without pointers, walked by index.
///
/// A class: the renderer passes templates around and keeps them in block
/// overrides, and a copy of a reference is one count, where a copy of seven
/// arrays was seven.
final class Template: Sendable {
    /// The name it is known by in its library, which names its fragments (`FragmentCache`).
    let name: String
    /// All literal text and indentation, back to back.
    let bytes: [UInt8]
    let nodes: [Node]
    let names: [Name]
    /// The keys the names are made of (`Name`).
    let keys: [String]
    /// Where each key was last found (`KeyHints`).
    let hints: KeyHints
    let partials: [PartialName]
    let blockNames: [String]
    /// Per parent node, the content range of each argument block by name.
    let arguments: [[String: Range<Int>]]

    init(name: String, bytes: [UInt8], nodes: [Node], names: [Name], keys: [String], partials: [PartialName], blockNames: [String],
         arguments: [[String: Range<Int>]]) {
        self.name = name
        self.bytes = bytes
        self.nodes = nodes
        self.names = names
        self.keys = keys
        hints = KeyHints(count: keys.count)
        self.partials = partials
        self.blockNames = blockNames
        self.arguments = arguments
    }

    /// The whole template.
    var body: Range<Int> {
        nodes.indices
    }
}
