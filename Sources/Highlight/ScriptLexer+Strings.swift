/// Strings of Python and Ruby, from an optional prefix at `start`.
extension ScriptLexer {
    /// Single or triple quoted; with `interpolates`, `{…}` (Python's
    /// f-strings) or `#{…}` (Ruby's double quotes) hold code.
    func scanString(_ s: inout Scanner, from start: Int, interpolates: Bool, depth: Int) {
        var runStart = start
        let quote = s.peek()
        let triple = s.peek(1) == quote && s.peek(2) == quote
        s.advance(triple ? 3 : 1)
        let raw = s.text[start..<s.position].contains { $0 | 0x20 == UInt8(ascii: "r") }
        while !s.atEnd {
            let byte = s.peek()
            if byte == quote && (!triple || s.peek(1) == quote && s.peek(2) == quote) {
                s.advance(triple ? 3 : 1)
                break
            }
            if byte == .newline && !triple && !dialect.isRuby { break }
            if byte == .backslash && !raw {
                s.emit(.string, from: runStart)
                let escapeStart = s.position
                s.advance(2)
                s.emit(.escape, from: escapeStart)
                runStart = s.position
                continue
            }
            let opens = dialect.isRuby ? byte == .hash && s.peek(1) == .openBrace : byte == .openBrace && s.peek(1) != .openBrace
            if interpolates && opens && depth < Self.maxDepth {
                s.emit(.string, from: runStart)
                let openStart = s.position
                s.advance(dialect.isRuby ? 2 : 1)
                s.emit(.interpolation, from: openStart)
                lexCode(&s, depth: depth + 1, closesOnBrace: true)
                if s.peek() == .closeBrace { s.take(.interpolation) }
                runStart = s.position
                continue
            }
            if interpolates && !dialect.isRuby && byte == .openBrace { s.advance() }
            s.advance()
        }
        s.emit(.string, from: runStart)
    }
}
