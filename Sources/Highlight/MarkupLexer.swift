/// XML, HTML and property lists: tags, attributes, comments, entities.
enum MarkupLexer {
    static func lex(_ s: inout Scanner) {
        while !s.atEnd {
            let start = s.position
            switch s.peek() {
            case .less where s.looksAt("<!--"):
                scanUntil(&s, "-->", kind: .comment)
            case .less where s.looksAt("<![CDATA["):
                scanUntil(&s, "]]>", kind: .string)
            case .less where s.peek(1) == UInt8(ascii: "?"):
                scanUntil(&s, "?>", kind: .preprocessor)
            case .less where s.peek(1) == UInt8(ascii: "!"):
                scanUntil(&s, ">", kind: .preprocessor)
            case .less where isNameStart(s.peek(1)) || s.peek(1) == .slash && isNameStart(s.peek(2)):
                scanTag(&s)
            case .ampersand:
                s.advance()
                var length = 0
                while length < 32 && (Bytes.isIdentifier(s.peek()) || s.peek() == .hash) {
                    s.advance()
                    length += 1
                }
                if s.peek() == .semicolon && length > 0 {
                    s.advance()
                    s.emit(.escape, from: start)
                }
            default:
                s.advance()
                while !s.atEnd && s.peek() != .less && s.peek() != .ampersand { s.advance() }
            }
        }
    }

    /// `<name attribute="value" …>` or `</name>`; an unclosed tag ends at the end.
    private static func scanTag(_ s: inout Scanner) {
        let start = s.position
        s.advance(s.peek(1) == .slash ? 2 : 1)
        skipName(&s)
        s.emit(.tag, from: start)
        while !s.atEnd {
            let byte = s.peek()
            let tokenStart = s.position
            if byte == .greater || byte == .slash && s.peek(1) == .greater {
                s.advance(byte == .slash ? 2 : 1)
                s.emit(.tag, from: tokenStart)
                return
            }
            if Bytes.isSpace(byte) {
                s.skipSpaces()
            } else if byte == .quote || byte == .apostrophe {
                s.scanQuoted(byte, escapes: false, multiline: true)
            } else if byte == .equals {
                s.take(.property)
            } else if isNameStart(byte) {
                skipName(&s)
                s.emit(.property, from: tokenStart)
            } else if byte == .less {
                return
            } else {
                s.advance()
            }
        }
    }

    private static func scanUntil(_ s: inout Scanner, _ end: StaticString, kind: TokenKind) {
        let start = s.position
        s.advance()
        while !s.atEnd && !s.looksAt(end) { s.advance() }
        s.advance(end.utf8CodeUnitCount)
        s.emit(kind, from: start)
    }

    private static func isNameStart(_ byte: UInt8) -> Bool { Bytes.isIdentifierStart(byte) || byte == .colon }

    private static func skipName(_ s: inout Scanner) {
        while !s.atEnd && (Bytes.isIdentifier(s.peek()) || s.peek() == .colon || s.peek() == .minus || s.peek() == .dot) {
            s.advance()
        }
    }
}
