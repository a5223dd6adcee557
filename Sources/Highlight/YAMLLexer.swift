/// YAML, line by line: keys, scalars, comments, anchors, tags, block scalars.
enum YAMLLexer {
    static func lex(_ s: inout Scanner) {
        /// While inside a block scalar (`|`, `>`), the indentation its lines exceed.
        var blockIndent: Int?
        while !s.atEnd {
            let lineStart = s.position
            s.skipBlanks()
            let indent = s.position - lineStart
            if s.atEnd { break }
            if s.peek() == .newline {
                s.advance()
                continue
            }
            if let parent = blockIndent {
                if indent > parent {
                    let start = s.position
                    s.skipToLineEnd()
                    s.emit(.string, from: start)
                    s.advance()
                    continue
                }
                blockIndent = nil
            }
            if indent == 0 && (s.looksAt("---") || s.looksAt("...")) {
                let start = s.position
                s.advance(3)
                s.emit(.meta, from: start)
            }
            if lexLine(&s) { blockIndent = indent }
            s.advance()
        }
    }

    /// Lexes the rest of a line; true when it opens a block scalar.
    private static func lexLine(_ s: inout Scanner) -> Bool {
        var flowDepth = 0
        var opensBlock = false
        var atValueStart = true
        while !s.atEnd && s.peek() != .newline {
            let byte = s.peek()
            if Bytes.isSpace(byte) {
                s.advance()
                continue
            }
            let start = s.position
            switch byte {
            case .hash:
                s.scanLineComment()
            case .minus where atValueStart && isBlankOrEnd(s.peek(1)):
                s.take(.punctuation)
            case .quote, .apostrophe:
                s.scanQuoted(byte, escapes: byte == .quote)
                if s.peek() == .colon && isBlankOrEnd(s.peek(1)) { s.replaceTokens(from: start, with: .property) }
                atValueStart = false
            case .openBracket, .openBrace:
                flowDepth += 1
                s.take(.punctuation)
                atValueStart = true
            case .closeBracket, .closeBrace, UInt8(ascii: ","):
                if byte != UInt8(ascii: ",") { flowDepth = max(0, flowDepth - 1) }
                s.take(.punctuation)
                atValueStart = true
            case .colon where isBlankOrEnd(s.peek(1)):
                s.take(.punctuation)
                atValueStart = true
            case UInt8(ascii: "|") where atValueStart, .greater where atValueStart:
                s.advance()
                while !s.atEnd && (Bytes.isDigit(s.peek()) || s.peek() == .minus || s.peek() == .plus) { s.advance() }
                s.emit(.punctuation, from: start)
                opensBlock = true
            case .ampersand where atValueStart, .star where atValueStart:
                s.advance()
                skipWord(&s)
                s.emit(.variable, from: start)
            case UInt8(ascii: "!") where atValueStart:
                skipWord(&s)
                s.emit(.type, from: start)
            default:
                scanPlain(&s, inFlow: flowDepth > 0)
                atValueStart = false
            }
        }
        return opensBlock
    }

    /// A plain scalar: a key when `: ` follows, a value otherwise; it ends
    /// before ` #` and, inside `[…]` or `{…}`, before `,`, `]` and `}`.
    private static func scanPlain(_ s: inout Scanner, inFlow: Bool) {
        let start = s.position
        var end = start
        while !s.atEnd && s.peek() != .newline {
            let byte = s.peek()
            if byte == .colon && isBlankOrEnd(s.peek(1)) {
                s.emit(.property, from: start)
                return
            }
            if byte == .hash && s.position > start && Bytes.isSpace(s.text[s.position - 1]) { break }
            if inFlow && (byte == UInt8(ascii: ",") || byte == .closeBracket || byte == .closeBrace) { break }
            s.advance()
            if !Bytes.isSpace(byte) { end = s.position }
        }
        s.position = max(end, start + 1)
        s.emit(.string, from: start)
    }

    private static func skipWord(_ s: inout Scanner) {
        while !s.atEnd && !Bytes.isSpace(s.peek()) && s.peek() != UInt8(ascii: ",") && s.peek() != .closeBracket
            && s.peek() != .closeBrace { s.advance() }
    }

    private static func isBlankOrEnd(_ byte: UInt8) -> Bool { byte == 0 || Bytes.isSpace(byte) }
}
