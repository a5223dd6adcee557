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
    let partials: [PartialName]
    let blockNames: [String]
    /// Per parent node, the content range of each argument block by name.
    let arguments: [[String: Range<Int>]]
    /// By the first node of a section's content: whether that content holds
    /// no block, parent or partial, so that no block override can change
    /// what it renders (`Renderer.renderSection`).
    private let holdsNoBlocks: [Bool]

    init(name: String, bytes: [UInt8], nodes: [Node], names: [Name], keys: [String], partials: [PartialName], blockNames: [String],
         arguments: [[String: Range<Int>]]) {
        self.name = name
        self.bytes = bytes
        self.nodes = nodes
        self.names = names
        self.keys = keys
        self.partials = partials
        self.blockNames = blockNames
        self.arguments = arguments
        var holdsNoBlocks = [Bool](repeating: false, count: nodes.count + 1)
        for node in nodes {
            guard case .section(_, let content) = node else { continue }
            holdsNoBlocks[content.lowerBound] = !nodes[content].contains { inner in
                switch inner {
                case .partial, .parent, .block: true
                default: false
                }
            }
        }
        self.holdsNoBlocks = holdsNoBlocks
    }

    /// Whether the section whose content is `content` holds no block, parent or partial.
    func holdsNoBlocks(_ content: Range<Int>) -> Bool {
        holdsNoBlocks[content.lowerBound]
    }

    /// The whole template.
    var body: Range<Int> {
        nodes.indices
    }
}
