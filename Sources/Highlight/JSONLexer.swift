/// JSON (and JSON with comments): keys apart from string values.
enum JSONLexer {
    static let constants = WordSet("true false null")

    static func lex(_ s: inout Scanner) {
        while !s.atEnd {
            let byte = s.peek()
            switch byte {
            case _ where Bytes.isSpace(byte):
                s.skipSpaces()
            case .quote:
                let start = s.position
                s.scanQuoted(.quote, multiline: false)
                if isKey(s) { relabel(&s, from: start, as: .property) }
            case .slash where s.peek(1) == .slash:
                s.scanLineComment()
            case .slash where s.peek(1) == .star:
                s.scanBlockComment(nests: false)
            case _ where byte == .minus || Bytes.isDigit(byte):
                let start = s.position
                if byte == .minus { s.advance() }
                s.scanNumber()
                relabel(&s, from: start, as: .number)
            case _ where Bytes.isIdentifierStart(byte):
                let start = s.position
                s.skipIdentifier()
                if constants.contains(s.text(from: start)) { s.emit(.keyword, from: start) }
            default:
                s.take(.punctuation)
            }
        }
    }

    /// Whether a `:` follows the string just scanned, which makes it a key.
    private static func isKey(_ s: Scanner) -> Bool {
        var offset = 0
        while offset < 64 && Bytes.isSpace(s.peek(offset)) { offset += 1 }
        return s.peek(offset) == .colon
    }

    /// Gives the tokens from `start` on one kind (a key's escapes included).
    private static func relabel(_ s: inout Scanner, from start: Int, as kind: TokenKind) {
        s.replaceTokens(from: start, with: kind)
    }
}
