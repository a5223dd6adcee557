/// Compiles one template in four passes: scan tokens, pair up elements, settle
/// whitespace, build the node tree. A syntax error stops at the first mistake;
/// unknown partial names are all collected, so one build reports every typo.
struct Parser {
    private let source: Source
    private let tokens: [Token]
    private let whitespace: Whitespace
    private let knownTemplates: Set<String>?
    private var builder = TemplateBuilder()
    private var unknownPartials: [MustacheError] = []

    /// Pass `knownTemplates: nil` to leave partial names unchecked.
    static func parse(_ source: Source, knownTemplates: Set<String>?) throws(MustacheErrors) -> Template {
        let tokens: [Token]
        let elements: ElementMap
        do {
            tokens = try TemplateScanner.tokens(in: source)
            elements = try ElementMap(tokens: tokens, source: source)
        } catch {
            throw MustacheErrors([error])
        }
        var parser = Parser(
            source: source,
            tokens: tokens,
            whitespace: Whitespace(source: source, tokens: tokens, elements: elements),
            knownTemplates: knownTemplates
        )
        parser.buildNodes()
        guard parser.unknownPartials.isEmpty else {
            throw MustacheErrors(parser.unknownPartials)
        }
        return parser.builder.build(name: source.name)
    }

    private init(source: Source, tokens: [Token], whitespace: Whitespace, knownTemplates: Set<String>?) {
        self.source = source
        self.tokens = tokens
        self.whitespace = whitespace
        self.knownTemplates = knownTemplates
    }

    private mutating func buildNodes() {
        for (index, token) in tokens.enumerated() {
            let indentation = whitespace.indentation[index] ?? []
            switch token.kind {
            case .text:
                builder.appendText(whitespace.text(in: token.range))
            case .variable:
                builder.appendVariable(token.name, escaped: true)
            case .rawVariable:
                builder.appendVariable(token.name, escaped: false)
            case .section:
                builder.openElement(.section(token.name), indentation: indentation)
            case .invertedSection:
                builder.openElement(.invertedSection(token.name), indentation: indentation)
            case .parent:
                checkPartialExists(index)
                builder.openElement(.parent(token.name), indentation: indentation)
            case .block:
                builder.openElement(.block(token.name), indentation: indentation)
            case .close:
                builder.closeElement()
            case .partial:
                checkPartialExists(index)
                builder.appendPartial(token.name, indentation: indentation)
            case .comment, .setDelimiters:
                continue
            }
        }
    }

    private mutating func checkPartialExists(_ index: Int) {
        let token = tokens[index]
        guard let knownTemplates, let name = PartialName.fixedName(token.name), !knownTemplates.contains(name) else {
            return
        }
        unknownPartials.append(source.error("unknown partial '\(name)'", at: token.range.lowerBound))
    }
}
