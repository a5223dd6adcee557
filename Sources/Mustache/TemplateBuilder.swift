/// Assembles a `Template` node by node, in document order. An element opens
/// with a placeholder node that is filled in once its content is complete.
/// Inside a parent tag pair only argument blocks are kept, as the spec requires.
struct TemplateBuilder {
    enum Element {
        case section(String)
        case invertedSection(String)
        /// The partial's name as the tag spells it.
        case parent(String)
        case block(String)
    }

    private struct OpenElement {
        let element: Element
        let placeholder: Int
        let indentation: [UInt8]
        var arguments: [String: Range<Int>] = [:]
    }

    private var bytes: [UInt8] = []
    private var nodes: [Node] = []
    private var names: [Name] = []
    private var keys: [String] = []
    private var partials: [PartialName] = []
    private var blockNames: [String] = []
    private var arguments: [[String: Range<Int>]] = []
    private var open: [OpenElement] = []
    /// The last node, while it is text that more text may be merged into.
    private var mergeableText: Int?

    private var isInsideParent: Bool {
        if case .parent = open.last?.element {
            return true
        }
        return false
    }

    /// Adjacent text is merged, so rendering copies fewer, longer runs.
    mutating func appendText(_ text: [UInt8]) {
        guard !text.isEmpty, !isInsideParent else {
            return
        }
        let start = bytes.count
        bytes += text
        if let index = mergeableText, case .text(let previous) = nodes[index] {
            nodes[index] = .text(previous.lowerBound..<bytes.count)
        } else {
            append(.text(start..<bytes.count))
            mergeableText = nodes.count - 1
        }
    }

    mutating func appendVariable(_ name: String, escaped: Bool) {
        guard !isInsideParent else {
            return
        }
        names.append(Name(name, keys: &keys))
        append(.variable(name: names.count - 1, escaped: escaped))
    }

    mutating func appendPartial(_ name: String, indentation: [UInt8]) {
        guard !isInsideParent else {
            return
        }
        partials.append(PartialName(name, keys: &keys))
        append(.partial(partials.count - 1, indentation: store(indentation)))
    }

    mutating func openElement(_ element: Element, indentation: [UInt8]) {
        append(.text(0..<0))
        open.append(OpenElement(element: element, placeholder: nodes.count - 1, indentation: indentation))
    }

    /// Fills in the placeholder of the innermost open element. The element map
    /// has already checked that every closing tag has an opening tag.
    mutating func closeElement() {
        guard let closed = open.popLast() else {
            return
        }
        mergeableText = nil
        let content = (closed.placeholder + 1)..<nodes.count
        if isInsideParent {
            guard case .block(let name) = closed.element else {
                nodes.removeSubrange(closed.placeholder...)
                return
            }
            open[open.count - 1].arguments[name] = content
        }
        switch closed.element {
        case .section(let name):
            names.append(Name(name, keys: &keys))
            nodes[closed.placeholder] = .section(name: names.count - 1, content: content)
        case .invertedSection(let name):
            names.append(Name(name, keys: &keys))
            nodes[closed.placeholder] = .invertedSection(name: names.count - 1, content: content)
        case .parent(let name):
            partials.append(PartialName(name, keys: &keys))
            arguments.append(closed.arguments)
            nodes[closed.placeholder] = .parent(
                partials.count - 1,
                indentation: store(closed.indentation),
                arguments: arguments.count - 1,
                content: content
            )
        case .block(let name):
            blockNames.append(name)
            nodes[closed.placeholder] = .block(
                name: blockNames.count - 1,
                indentation: store(closed.indentation),
                content: content
            )
        }
    }

    func build(name: String) -> Template {
        Template(
            name: name,
            bytes: bytes,
            nodes: nodes,
            names: names,
            keys: keys,
            partials: partials,
            blockNames: blockNames,
            arguments: arguments
        )
    }

    private mutating func append(_ node: Node) {
        nodes.append(node)
        mergeableText = nil
    }

    private mutating func store(_ indentation: [UInt8]) -> Range<Int> {
        let start = bytes.count
        bytes += indentation
        return start..<bytes.count
    }
}
