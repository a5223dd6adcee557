/// A console session: lines starting with a prompt (`$ `, `% `, `# `) are
/// shell commands (continued by a trailing `\`); the others are output.
enum ConsoleLexer {
    static func lex(_ s: inout Scanner) {
        var continues = false
        while !s.atEnd {
            let lineStart = s.position
            var lineEnd = lineStart
            while lineEnd < s.text.count && s.text[lineEnd] != .newline { lineEnd += 1 }
            if continues || isPrompt(s) {
                if !continues {
                    s.advance(2)
                    s.emit(.prompt, from: lineStart)
                }
                ShellLexer.lex(&s, until: lineEnd)
                continues = lineEnd > lineStart && s.text[lineEnd - 1] == .backslash
                s.position = lineEnd
            } else {
                s.position = lineEnd
                s.emit(.output, from: lineStart)
            }
            s.advance()
        }
    }

    private static func isPrompt(_ s: Scanner) -> Bool {
        let byte = s.peek()
        return (byte == .dollar || byte == UInt8(ascii: "%") || byte == .hash || byte == .greater) && s.peek(1) == .space
    }
}
