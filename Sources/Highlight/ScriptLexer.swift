/// Python and Ruby: `#` comments, prefixed and triple-quoted strings with
/// interpolation (f-strings, `#{…}`), decorators, symbols and sigils.
struct ScriptLexer {
    let dialect: ScriptDialect
    /// Interpolations nest deeper than this only in hostile input.
    static let maxDepth = 32

    func lex(_ s: inout Scanner) {
        lexCode(&s, depth: 0, closesOnBrace: false)
    }

    func lexCode(_ s: inout Scanner, depth: Int, closesOnBrace: Bool) {
        var declared: TokenKind?
        var afterOperand = false
        var braces = 0
        while !s.atEnd {
            let byte = s.peek()
            let start = s.position
            if Bytes.isSpace(byte) {
                s.skipSpaces()
                continue
            }
            let wasOperand = afterOperand
            afterOperand = false
            switch byte {
            case .hash:
                s.scanLineComment()
            case .equals where dialect.isRuby && s.looksAt("=begin") && isLineStart(s):
                while !s.atEnd && !(s.looksAt("=end") && isLineStart(s)) { s.advance() }
                s.skipToLineEnd()
                s.emit(.comment, from: start)
            case .quote, .apostrophe:
                scanString(&s, from: start, interpolates: dialect.isRuby && byte == .quote, depth: depth)
                afterOperand = true
            case _ where Bytes.isIdentifierStart(byte):
                afterOperand = true
                scanWord(&s, declared: &declared, depth: depth)
                continue
            case _ where Bytes.isDigit(byte):
                s.scanNumber()
                afterOperand = true
            case .at:
                s.advance()
                if dialect.isRuby && s.peek() == .at { s.advance() }
                s.skipIdentifier()
                while !dialect.isRuby && s.peek() == .dot && Bytes.isIdentifierStart(s.peek(1)) {
                    s.advance()
                    s.skipIdentifier()
                }
                s.emit(dialect.isRuby ? .variable : .attribute, from: start)
                afterOperand = true
            case .dollar where dialect.isRuby:
                s.advance()
                s.skipIdentifier()
                s.emit(.variable, from: start)
            case .colon where dialect.isRuby && Bytes.isIdentifierStart(s.peek(1)) && s.byte(at: start - 1) != .colon:
                s.advance()
                s.skipIdentifier()
                s.emit(.string, from: start)
            case .slash where dialect.isRuby && !wasOperand && CFamilyLexer(dialect: .javascript).scanRegex(&s):
                afterOperand = true
            case .openBrace:
                braces += 1
                s.take(.punctuation)
            case .closeBrace:
                if braces == 0 && closesOnBrace { return }
                braces -= 1
                s.take(.punctuation)
                afterOperand = true
            case .closeParen, .closeBracket:
                s.take(.punctuation)
                afterOperand = true
            case .openParen, .openBracket, UInt8(ascii: ","), .colon, .semicolon, .dot:
                s.take(.punctuation)
            default:
                s.advance()
                while !s.atEnd && SwiftLexer.isOperatorByte(s.peek()) { s.advance() }
                s.emit(.operator, from: start)
            }
            declared = nil
        }
    }

    private func scanWord(_ s: inout Scanner, declared: inout TokenKind?, depth: Int) {
        let start = s.position
        s.skipIdentifier()
        if dialect.isRuby && (s.peek() == UInt8(ascii: "?") || s.peek() == UInt8(ascii: "!")) && s.peek(1) != .equals {
            s.advance()
        }
        let word = s.text(from: start)
        if !dialect.isRuby && word.count <= 2 && (s.peek() == .quote || s.peek() == .apostrophe)
            && word.allSatisfy({ "rRbBuUfF".utf8.contains($0) }) {
            let formats = word.contains { $0 | 0x20 == UInt8(ascii: "f") }
            scanString(&s, from: start, interpolates: formats, depth: depth)
            declared = nil
            return
        }
        if dialect.isRuby && s.peek() == .colon && s.peek(1) != .colon {
            s.advance()
            s.emit(.string, from: start)
        } else if dialect.keywords.contains(word) {
            s.emit(.keyword, from: start)
            declared = declaredKind(after: word)
            return
        } else if let kind = declared {
            while dialect.isRuby && kind == .function && s.peek() == .dot && Bytes.isIdentifierStart(s.peek(1)) {
                s.advance()
                s.skipIdentifier()
            }
            s.emit(kind, from: start)
        } else if dialect.builtins.contains(word) {
            s.emit(.function, from: start)
        } else if dialect.isRuby && Bytes.isUppercase(s.text[start]) {
            s.emit(.type, from: start)
        }
        declared = nil
    }

    private func declaredKind(after keyword: Slice<UnsafeBufferPointer<UInt8>>) -> TokenKind? {
        if Self.functionKeywords.contains(keyword) { return .function }
        if Self.typeKeywords.contains(keyword) { return .type }
        return nil
    }

    private static let functionKeywords = WordSet("def")
    private static let typeKeywords = WordSet("class module")

    private func isLineStart(_ s: Scanner) -> Bool { s.position == 0 || s.text[s.position - 1] == .newline }
}
