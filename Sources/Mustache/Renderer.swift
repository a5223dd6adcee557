/// Walks compiled nodes against a context and appends bytes. One renderer
/// serves one `render` call; its state is the context stack, the block
/// overrides in scope and the indentation of the expansion being rendered.
struct Renderer {
    /// Partial and parent expansions nest at most this deep. Reaching it means
    /// a template includes itself without end: that expansion renders nothing
    /// and no other expansion happens in this render, so a template that
    /// includes itself twice over ends after a hundred steps, not a million.
    static let maximumExpansionDepth = 100
    /// Sections, blocks and expansions together nest at most this deep, which
    /// bounds the call stack a render needs (about 130 KB in a release build,
    /// under 512 KB in a debug build). It leaves room for the deepest template
    /// the parser accepts.
    static let maximumNesting = 300
    /// At most this many partial and parent expansions per render, so templates
    /// that include each other twice over still finish in bounded time.
    static let maximumExpansions = 1_000_000

    private let templates: [String: Template]
    private var context: ContextStack
    private var overrides = BlockOverrides()
    /// Prepended to each line of template text; grows with every standalone
    /// partial, parent or block being expanded.
    private var indentation: [UInt8] = []
    /// Whether the last template text written ended a line, so the next output
    /// starts with `indentation`. Line breaks inside values do not count: the
    /// spec indents a partial's lines, not the data it prints.
    private var atLineStart = true
    private var expansionDepth = 0
    private var nesting = 0
    /// The deepest `nesting` and `expansionDepth` reached, which a kept fragment records.
    private var deepestNesting = 0
    private var deepestExpansion = 0
    /// Where list elements that name their content are kept and copied from.
    private let fragments: FragmentCache?
    private var expansionsLeft = Renderer.maximumExpansions
    private var stepsLeft: Int
    /// The first limit this render reached; its output is then shorter than the template asks.
    private(set) var limitReached: RenderLimitReached?
    private let limits: RenderLimits
    /// The output size at which rendering stops.
    private let outputEnd: Int

    /// `outputStart` is how many bytes the output holds before this render.
    init(templates: [String: Template], context: MustacheValue, limits: RenderLimits, outputStart: Int,
         fragments: FragmentCache? = nil) {
        self.templates = templates
        self.fragments = fragments
        self.context = ContextStack(root: context)
        self.stepsLeft = limits.maximumSteps
        self.limits = limits
        let (end, overflow) = outputStart.addingReportingOverflow(limits.maximumOutputBytes)
        self.outputEnd = overflow ? Int.max : end
    }

    /// Notes the first limit reached; the ones after it follow from it.
    private mutating func reach(_ limit: RenderLimitReached.Limit) {
        if limitReached == nil { limitReached = RenderLimitReached(limit: limit) }
    }

    /// Renders the nodes in `range`, stepping over the content of each element
    /// once the element has dealt with it.
    mutating func render(_ template: Template, _ range: Range<Int>, into output: inout [UInt8]) {
        guard nesting < Self.maximumNesting else {
            reach(.nesting(Self.maximumNesting))
            return
        }
        nesting += 1
        deepestNesting = max(deepestNesting, nesting)
        defer { nesting -= 1 }
        var index = range.lowerBound
        while index < range.upperBound {
            guard stepsLeft > 0, output.count < outputEnd else {
                reach(output.count < outputEnd ? .steps(limits.maximumSteps) : .outputBytes(limits.maximumOutputBytes))
                stepsLeft = 0
                return
            }
            stepsLeft -= 1
            let node = template.nodes[index]
            index += 1
            switch node {
            case .text(let text):
                writeText(template, text, into: &output)
            case .variable(let name, let escaped):
                writeValue(context.resolve(template.names[name], in: template), escaped: escaped, into: &output)
            case .section(let name, let content):
                renderSection(template, name, content, into: &output)
                index = content.upperBound
            case .invertedSection(let name, let content):
                if !context.resolve(template.names[name], in: template).isTruthy {
                    render(template, content, into: &output)
                }
                index = content.upperBound
            case .partial(let partial, let indentation):
                expand(template, partial, indentation: indentation, arguments: [:], into: &output)
            case .parent(let partial, let indentation, let arguments, let content):
                expand(template, partial, indentation: indentation, arguments: template.arguments[arguments], into: &output)
                index = content.upperBound
            case .block(let name, let indentation, let content):
                renderBlock(template, name, indentation: indentation, content: content, into: &output)
                index = content.upperBound
            }
        }
    }

    /// A list repeats the content per element; any other truthy value renders
    /// it once with the value pushed, so `{{.}}` and its keys are visible.
    private mutating func renderSection(_ template: Template, _ name: Int, _ content: Range<Int>, into output: inout [UInt8]) {
        let value = context.resolve(template.names[name], in: template)
        if case .list(let elements) = value {
            for element in elements {
                if let fragments, case .object(let object) = element, let identity = object.identity,
                   indentation.isEmpty, overrides.isEmpty {
                    let key = FragmentCache.Key(template: template.name, node: content.lowerBound, identity: identity,
                                                atLineStart: atLineStart)
                    renderFragment(template, content, element, key: key, cache: fragments, into: &output)
                } else {
                    context.push(element)
                    render(template, content, into: &output)
                    context.pop()
                }
            }
        } else if value.isTruthy {
            context.push(value)
            render(template, content, into: &output)
            context.pop()
        }
    }

    /// Copies what the section rendered for this element before, when doing
    /// so stays within this render's limits; else renders it, and keeps the
    /// bytes when nothing outside the element was looked up and no limit was
    /// reached. No block override or indentation is in scope (the caller
    /// checks), so the element and the template alone decide the bytes.
    private mutating func renderFragment(_ template: Template, _ content: Range<Int>, _ element: MustacheValue,
                                         key: FragmentCache.Key, cache: FragmentCache, into output: inout [UInt8]) {
        if let kept = cache.fragment(for: key), kept.steps <= stepsLeft, kept.expansions <= expansionsLeft,
           nesting + kept.nesting <= Self.maximumNesting, expansionDepth + kept.expansionDepth <= Self.maximumExpansionDepth,
           kept.bytes.count < outputEnd - output.count {
            output.append(contentsOf: kept.bytes)
            stepsLeft -= kept.steps
            expansionsLeft -= kept.expansions
            atLineStart = kept.endsAtLineStart
            return
        }
        let start = output.count
        let (steps, expansions) = (stepsLeft, expansionsLeft)
        let (outerNesting, outerExpansion) = (deepestNesting, deepestExpansion)
        let outerRead = context.outermostFrameRead
        (deepestNesting, deepestExpansion, context.outermostFrameRead) = (nesting, expansionDepth, Int.max)
        let frame = context.depth
        context.push(element)
        render(template, content, into: &output)
        context.pop()
        let selfContained = context.outermostFrameRead >= frame
        if selfContained, limitReached == nil {
            cache.keep(FragmentCache.Fragment(bytes: Array(output[start...]), steps: steps - stepsLeft,
                                              expansions: expansions - expansionsLeft,
                                              nesting: deepestNesting - nesting, expansionDepth: deepestExpansion - expansionDepth,
                                              endsAtLineStart: atLineStart),
                       for: key)
        }
        context.outermostFrameRead = min(outerRead, context.outermostFrameRead)
        (deepestNesting, deepestExpansion) = (max(outerNesting, deepestNesting), max(outerExpansion, deepestExpansion))
    }

    /// Renders another template in place. Arguments join the overrides in scope,
    /// and overrides from further out win, so the outermost template has the
    /// last word in a chain of parents.
    private mutating func expand(
        _ template: Template,
        _ partial: Int,
        indentation extra: Range<Int>,
        arguments: [String: Range<Int>],
        into output: inout [UInt8]
    ) {
        guard expansionDepth < Self.maximumExpansionDepth else {
            reach(.expansionDepth(Self.maximumExpansionDepth))
            expansionsLeft = 0
            return
        }
        guard expansionsLeft > 0 else {
            reach(.expansions(Self.maximumExpansions))
            return
        }
        guard let expanded = self.template(named: template.partials[partial], in: template) else {
            return
        }
        expansionsLeft -= 1
        let outerOverrides = overrides
        let outerIndentation = indentation
        for (block, content) in arguments where overrides[block] == nil {
            overrides.add(BlockOverrides.Override(template: template, content: content, scope: outerOverrides), for: block)
        }
        indentation += template.bytes[extra]
        expansionDepth += 1
        deepestExpansion = max(deepestExpansion, expansionDepth)
        render(expanded, expanded.body, into: &output)
        expansionDepth -= 1
        overrides = outerOverrides
        indentation = outerIndentation
    }

    /// Renders the argument that overrides this block, in the scope it was
    /// written in but against the current context, or else the default content.
    private mutating func renderBlock(
        _ template: Template,
        _ name: Int,
        indentation extra: Range<Int>,
        content: Range<Int>,
        into output: inout [UInt8]
    ) {
        guard let override = overrides[template.blockNames[name]] else {
            render(template, content, into: &output)
            return
        }
        let outerOverrides = overrides
        let outerIndentation = indentation
        overrides = override.scope
        indentation += template.bytes[extra]
        render(override.template, override.content, into: &output)
        overrides = outerOverrides
        indentation = outerIndentation
    }

    /// A missing template, or a dynamic name that is not a string, renders
    /// nothing, as the spec asks.
    private mutating func template(named name: PartialName, in template: Template) -> Template? {
        switch name {
        case .fixed(let name):
            return templates[name]
        case .dynamic(let path):
            guard case .string(let name) = context.resolve(path, in: template) else {
                return nil
            }
            return templates[name]
        }
    }

    /// Copies template text, indenting each line that has content when an
    /// expansion is indented.
    private mutating func writeText(_ template: Template, _ range: Range<Int>, into output: inout [UInt8]) {
        guard indentation.isEmpty else {
            writeIndented(template.bytes[range], into: &output)
            return
        }
        guard let last = range.last else {
            return
        }
        template.bytes.withUnsafeBufferPointer { bytes in
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
        }
        atLineStart = template.bytes[last] == ASCII.newline
    }

    private mutating func writeIndented(_ text: ArraySlice<UInt8>, into output: inout [UInt8]) {
        var lineStart = text.startIndex
        while lineStart < text.endIndex {
            let lineEnd = text[lineStart...].firstIndex(of: ASCII.newline).map { $0 + 1 } ?? text.endIndex
            let line = text[lineStart..<lineEnd]
            if atLineStart, !Self.isEmptyLine(line) {
                output.append(contentsOf: indentation)
            }
            output.append(contentsOf: line)
            atLineStart = line.last == ASCII.newline
            lineStart = lineEnd
        }
    }

    private mutating func writeValue(_ value: MustacheValue, escaped: Bool, into output: inout [UInt8]) {
        let start = output.count
        value.appendInterpolation(escaped: escaped, to: &output)
        guard output.count > start else {
            return
        }
        if atLineStart, !indentation.isEmpty {
            output.insert(contentsOf: indentation, at: start)
        }
        atLineStart = false
    }

    /// Lines with nothing but a line break stay unindented, leaving no trailing
    /// blanks in the output.
    private static func isEmptyLine(_ line: ArraySlice<UInt8>) -> Bool {
        line.elementsEqual([ASCII.newline]) || line.elementsEqual([ASCII.carriageReturn, ASCII.newline])
    }
}
