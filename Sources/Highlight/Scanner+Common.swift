/// Pieces several languages share: numbers, comments, simple quoted strings.
extension Scanner {
    /// A number in the C tradition: decimal, `0x`, `0b`, `0o`, with `_`
    /// separators, a fraction, an exponent and letter suffixes (`1.5e3f`, `10UL`).
    mutating func scanNumber() {
        let start = position
        if peek() == UInt8(ascii: "0"), [UInt8(ascii: "x"), UInt8(ascii: "X")].contains(peek(1)) {
            advance(2)
            while !atEnd && (Bytes.isHexDigit(peek()) || peek() == UInt8(ascii: "_")) { advance() }
            if peek() == .dot && Bytes.isHexDigit(peek(1)) {
                advance()
                while !atEnd && (Bytes.isHexDigit(peek()) || peek() == UInt8(ascii: "_")) { advance() }
            }
            if peek() | 0x20 == UInt8(ascii: "p") { scanExponent() }
        } else {
            while !atEnd && (Bytes.isDigit(peek()) || peek() == UInt8(ascii: "_") || peek() == .apostrophe && Bytes.isDigit(peek(1))) {
                advance()
            }
            if peek() == .dot && Bytes.isDigit(peek(1)) {
                advance()
                while !atEnd && (Bytes.isDigit(peek()) || peek() == UInt8(ascii: "_")) { advance() }
            }
            if peek() | 0x20 == UInt8(ascii: "e") { scanExponent() }
        }
        while !atEnd && Bytes.isIdentifierStart(peek()) && peek() < 0x80 { advance() }
        emit(.number, from: start)
    }

    private mutating func scanExponent() {
        let sign = peek(1) == .plus || peek(1) == .minus ? 1 : 0
        guard Bytes.isDigit(peek(1 + sign)) else { return }
        advance(1 + sign)
        while !atEnd && (Bytes.isDigit(peek()) || peek() == UInt8(ascii: "_")) { advance() }
    }

    /// From `//` or `#` to the end of the line.
    mutating func scanLineComment() {
        let start = position
        skipToLineEnd()
        emit(.comment, from: start)
    }

    /// `/* … */`, nested when the language nests them (Swift); an unclosed
    /// one runs to the end of the code.
    mutating func scanBlockComment(nests: Bool) {
        let start = position
        advance(2)
        var depth = 1
        while !atEnd {
            if peek() == .star && peek(1) == .slash {
                advance(2)
                depth -= 1
                if depth == 0 { break }
            } else if nests && peek() == .slash && peek(1) == .star {
                advance(2)
                depth += 1
            } else {
                advance()
            }
        }
        emit(.comment, from: start)
    }

    /// A string closed by `quote` on the same line (or at the end of the
    /// line when unclosed), with backslash escapes marked as `.escape`.
    /// The token starts at `prefixStart` when a prefix (`L`, `r`, `@`) came first.
    mutating func scanQuoted(_ quote: UInt8, from prefixStart: Int? = nil, kind: TokenKind = .string,
                             escapes: Bool = true, multiline: Bool = false) {
        var start = prefixStart ?? position
        advance()
        while !atEnd {
            let byte = peek()
            if byte == quote {
                advance()
                break
            }
            if byte == .newline && !multiline { break }
            if escapes && byte == .backslash {
                emit(kind, from: start)
                let escapeStart = position
                advance(2)
                emit(.escape, from: escapeStart)
                start = position
                continue
            }
            advance()
        }
        emit(kind, from: start)
    }
}
