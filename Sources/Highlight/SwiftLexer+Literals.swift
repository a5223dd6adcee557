/// Swift's string and regex literals.
extension SwiftLexer {
    /// A string at `#…#"` or `"`: single-line or `"""` multi-line, raw when
    /// it has hashes (then escapes and interpolations need as many hashes).
    static func scanString(_ s: inout Scanner, hashes: Int, depth: Int) {
        var runStart = s.position
        s.advance(hashes)
        let multiline = s.looksAt("\"\"\"")
        let quotes = multiline ? 3 : 1
        s.advance(quotes)
        while !s.atEnd {
            let byte = s.peek()
            if byte == .quote && (!multiline || s.peek(1) == .quote && s.peek(2) == .quote)
                && hashesFollow(s, after: quotes, count: hashes) {
                s.advance(quotes + hashes)
                s.emit(.string, from: runStart)
                return
            }
            if byte == .newline && !multiline { break }
            if byte == .backslash && hashesFollow(s, after: 1, count: hashes) {
                s.emit(.string, from: runStart)
                let escapeStart = s.position
                s.advance(1 + hashes)
                if s.peek() == .openParen && depth < maxDepth {
                    s.advance()
                    s.emit(.interpolation, from: escapeStart)
                    var inner = State()
                    lexCode(&s, &inner, depth: depth + 1, closesOnParen: true)
                    if s.peek() == .closeParen { s.take(.interpolation) }
                } else {
                    scanEscapeBody(&s)
                    s.emit(.escape, from: escapeStart)
                }
                runStart = s.position
                continue
            }
            s.advance()
        }
        s.emit(.string, from: runStart)
    }

    /// What follows `\`: one character, or `u{…}` (at most 8 hex digits).
    private static func scanEscapeBody(_ s: inout Scanner) {
        if s.peek() == UInt8(ascii: "u") && s.peek(1) == .openBrace {
            s.advance(2)
            var digits = 0
            while digits < 8 && Bytes.isHexDigit(s.peek()) {
                s.advance()
                digits += 1
            }
            if s.peek() == .closeBrace { s.advance() }
        } else if !s.atEnd && s.peek() != .newline {
            // One UTF-8 character, whole.
            s.advance()
            while !s.atEnd && s.peek() & 0xC0 == 0x80 { s.advance() }
        }
    }

    private static func hashesFollow(_ s: Scanner, after offset: Int, count: Int) -> Bool {
        for index in 0..<count where s.peek(offset + index) != .hash { return false }
        return true
    }

    /// Longest bare regex literal looked for; past it `/` is division. Keeps
    /// a line full of slashes linear.
    private static let regexLookahead = 1024

    /// `/…/` where an operand may start: the closing `/` must be on the same
    /// line, and the literal may not start with a space. Consumes nothing
    /// and answers false when it is not a regex.
    static func scanBareRegex(_ s: inout Scanner) -> Bool {
        guard !Bytes.isSpace(s.peek(1)), s.peek(1) != 0 || !s.atEnd else { return false }
        var offset = 1
        var inClass = false
        while offset < regexLookahead {
            let index = s.position + offset
            guard index < s.text.count else { return false }
            let byte = s.text[index]
            if byte == .newline { return false }
            if byte == .backslash {
                offset += 2
                continue
            }
            if byte == .openBracket { inClass = true }
            if byte == .closeBracket { inClass = false }
            if byte == .slash && !inClass {
                guard !Bytes.isSpace(s.text[index - 1]) else { return false }
                let start = s.position
                s.advance(offset + 1)
                s.emit(.regex, from: start)
                return true
            }
            offset += 1
        }
        return false
    }

    /// `#/…/#`, which may span lines; unclosed, it runs to the end.
    static func scanExtendedRegex(_ s: inout Scanner, hashes: Int) {
        let start = s.position
        s.advance(hashes + 1)
        while !s.atEnd {
            if s.peek() == .backslash {
                s.advance(2)
                continue
            }
            if s.peek() == .slash && hashesFollow(s, after: 1, count: hashes) {
                s.advance(1 + hashes)
                break
            }
            s.advance()
        }
        s.emit(.regex, from: start)
    }
}
