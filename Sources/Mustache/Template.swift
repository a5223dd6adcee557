/// A compiled template, immutable once built. Its nodes sit in one flat array
/// in document order, and an element's content is the range of nodes right
/// after it: a tree without pointers, walked by index.
struct Template: Sendable {
    /// The name it is known by in its library, which names its fragments (`FragmentCache`).
    let name: String
    /// All literal text and indentation, back to back.
    let bytes: [UInt8]
    let nodes: [Node]
    let names: [Name]
    let partials: [PartialName]
    let blockNames: [String]
    /// Per parent node, the content range of each argument block by name.
    let arguments: [[String: Range<Int>]]

    /// The whole template.
    var body: Range<Int> {
        nodes.indices
    }
}
