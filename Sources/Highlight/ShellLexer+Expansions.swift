/// Expansions and double quotes, where a shell looks inside text.
extension ShellLexer {
    /// `"text $var ${var} $(command)"`, escapes included; may span lines.
    static func scanDoubleQuoted(_ s: inout Scanner, until end: Int, depth: Int) {
        var runStart = s.position
        s.advance()
        while s.position < end {
            let byte = s.peek()
            if byte == .quote {
                s.advance()
                break
            }
            if byte == .backslash {
                s.emit(.string, from: runStart)
                let start = s.position
                s.advance(2)
                s.emit(.escape, from: start)
                runStart = s.position
            } else if byte == .dollar {
                s.emit(.string, from: runStart)
                scanDollar(&s, until: end, depth: depth)
                runStart = s.position
            } else {
                s.advance()
            }
        }
        s.position = min(s.position, end)
        s.emit(.string, from: runStart)
    }

    /// `$name`, `$1`, `$?`, `${…}`, and `$(command)` / `$((arithmetic))`
    /// whose inside is lexed as shell.
    static func scanDollar(_ s: inout Scanner, until end: Int, depth: Int) {
        let start = s.position
        s.advance()
        let byte = s.peek()
        if byte == .openParen && depth < maxDepth {
            s.advance()
            if s.peek() == .openParen { s.advance() }
            s.emit(.interpolation, from: start)
            lex(&s, until: end, depth: depth + 1, closesOnParen: true)
            let closeStart = s.position
            if s.position < end && s.peek() == .closeParen { s.advance() }
            if s.position < end && s.peek() == .closeParen && s.byte(at: start + 2) == .openParen { s.advance() }
            s.emit(.interpolation, from: closeStart)
            return
        }
        if byte == .openBrace {
            s.advance()
            s.emit(.interpolation, from: start)
            let nameStart = s.position
            while s.position < end && s.peek() != .closeBrace && s.peek() != .newline { s.advance() }
            s.emit(.variable, from: nameStart)
            if s.position < end && s.peek() == .closeBrace { s.take(.interpolation) }
            return
        } else if Bytes.isIdentifierStart(byte) && byte < 0x80 {
            while s.position < end && Bytes.isIdentifier(s.peek()) && s.peek() < 0x80 { s.advance() }
        } else if s.position < end && (Bytes.isDigit(byte) || "?@#*!$-".utf8.contains(byte)) {
            s.advance()
        }
        s.emit(.variable, from: start)
    }
}

/// Here-documents: `<<EOF`, `<<-'EOF'`, their lines up to the delimiter.
extension ShellLexer {
    /// Scans `<<word` and answers the delimiter (quotes removed).
    static func scanHeredocStart(_ s: inout Scanner, until end: Int) -> [UInt8]? {
        let start = s.position
        s.advance(2)
        if s.peek() == .minus || s.peek() == UInt8(ascii: "~") { s.advance() }
        s.emit(.operator, from: start)
        s.skipBlanks()
        let wordStart = s.position
        while s.position < end && !Bytes.isSpace(s.peek()) && !isDelimiterEnd(s.peek()) { s.advance() }
        guard s.position > wordStart else { return nil }
        s.emit(.string, from: wordStart)
        let delimiter = s.text[wordStart..<s.position].filter { $0 != .quote && $0 != .apostrophe && $0 != .backslash }
        return delimiter.isEmpty ? nil : delimiter
    }

    private static func isDelimiterEnd(_ byte: UInt8) -> Bool {
        byte == .semicolon || byte == UInt8(ascii: "|") || byte == .ampersand || byte == .less || byte == .greater
            || byte == .closeParen
    }

    /// The body, from the line after `<<word` to the line holding only the
    /// word (tabs before it allowed); unclosed, it runs to the end.
    static func scanHeredoc(_ s: inout Scanner, until end: Int, delimiter: [UInt8]) {
        let start = s.position
        while s.position < end {
            var lineStart = s.position
            while lineStart < end && s.text[lineStart] == .tab { lineStart += 1 }
            var lineEnd = lineStart
            while lineEnd < end && s.text[lineEnd] != .newline { lineEnd += 1 }
            if s.text[lineStart..<lineEnd].elementsEqual(delimiter) {
                s.emit(.string, from: start)
                let delimiterStart = lineStart
                s.position = delimiterStart
                s.position = lineEnd
                s.emit(.string, from: delimiterStart)
                return
            }
            s.position = min(lineEnd + 1, end)
        }
        s.emit(.string, from: start)
    }
}
