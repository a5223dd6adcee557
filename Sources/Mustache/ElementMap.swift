/// Which tags open and close which elements (sections, parents, blocks). It is
/// worked out before anything else so the whitespace pass can look at both
/// ends of a pair, and it is where nesting mistakes are caught.
struct ElementMap {
    /// Bounds the nesting the renderer will ever recurse into for one template.
    static let maximumDepth = 256

    /// For an opening tag, the index of its closing tag, and the other way round.
    let partner: [Int?]
    /// The index of the opening tag of the innermost element a token sits in;
    /// a closing tag sits where its opening tag does.
    let enclosing: [Int?]
    private let tokens: [Token]

    init(tokens: [Token], source: Source) throws(MustacheError) {
        var partner = [Int?](repeating: nil, count: tokens.count)
        var enclosing = [Int?](repeating: nil, count: tokens.count)
        var open: [Int] = []
        for (index, token) in tokens.enumerated() {
            enclosing[index] = open.last
            if token.opensElement {
                guard open.count < Self.maximumDepth else {
                    throw source.error("sections nested too deeply", at: token.range.lowerBound)
                }
                open.append(index)
            } else if token.kind == .close {
                guard let opener = open.popLast() else {
                    throw source.error("closing tag '\(token.name)' does not match any open section", at: token.range.lowerBound)
                }
                guard tokens[opener].name == token.name else {
                    let message = "closing tag '\(token.name)' does not match open section '\(tokens[opener].name)'"
                    throw source.error(message, at: token.range.lowerBound)
                }
                partner[opener] = index
                partner[index] = opener
                enclosing[index] = enclosing[opener]
            }
        }
        if let unclosed = open.last {
            throw source.error("unclosed section '\(tokens[unclosed].name)'", at: tokens[unclosed].range.lowerBound)
        }
        self.tokens = tokens
        self.partner = partner
        self.enclosing = enclosing
    }

    /// A block written directly inside a parent tag pair: an argument passed to
    /// the parent rather than a parameter of this template.
    func isArgument(_ index: Int) -> Bool {
        guard tokens[index].kind == .block, let container = enclosing[index] else {
            return false
        }
        return tokens[container].kind == .parent
    }
}
