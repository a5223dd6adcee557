/// POSIX shells, bash and zsh: words, quoting, expansions, comments.
enum ShellLexer {
    static let keywords = WordSet("""
        if then else elif fi for while until do done case esac in function select return break continue time coproc
        """)
    static let builtins = WordSet("""
        echo cd printf read source eval exec exit set unset shift test alias unalias pwd pushd popd trap wait \
        kill umask ulimit type command builtin true false getopts hash jobs bg fg let shopt mapfile local export \
        readonly declare typeset
        """)
    static let testBrackets = WordSet("[ [[ ] ]] { }")
    /// `$(…)` nests deeper than this only in hostile input.
    static let maxDepth = 32

    /// Lexes up to `end` (a console command stops at its line's end).
    static func lex(_ s: inout Scanner, until end: Int, depth: Int = 0, closesOnParen: Bool = false) {
        var atCommandStart = true
        var parens = 0
        /// The word that ends a here-document started on this line.
        var heredoc: [UInt8]?
        while s.position < end {
            let byte = s.peek()
            let start = s.position
            switch byte {
            case .newline where heredoc != nil:
                s.advance()
                if let delimiter = heredoc { scanHeredoc(&s, until: end, delimiter: delimiter) }
                heredoc = nil
                atCommandStart = true
            case .less where s.peek(1) == .less && s.peek(2) != .less:
                heredoc = scanHeredocStart(&s, until: end)
            case .newline, .semicolon:
                s.advance()
                if byte == .semicolon { s.emit(.punctuation, from: start) }
                atCommandStart = true
            case _ where Bytes.isSpace(byte):
                s.advance()
            case .hash:
                s.skipToLineEnd()
                s.position = min(s.position, end)
                s.emit(.comment, from: start)
            case .apostrophe:
                s.scanQuoted(.apostrophe, escapes: false, multiline: true)
                atCommandStart = false
            case .quote:
                scanDoubleQuoted(&s, until: end, depth: depth)
                atCommandStart = false
            case .dollar:
                scanDollar(&s, until: end, depth: depth)
                atCommandStart = false
            case .backslash:
                s.advance(2)
                s.emit(.escape, from: start)
            case .openParen:
                parens += 1
                s.take(.operator)
            case .closeParen:
                if parens == 0 && closesOnParen { return }
                parens -= 1
                s.take(.operator)
            case UInt8(ascii: "|"), .ampersand, .less, .greater:
                s.advance()
                while s.position < end && [UInt8(ascii: "|"), .ampersand, .less, .greater].contains(s.peek()) { s.advance() }
                s.emit(.operator, from: start)
                atCommandStart = byte == UInt8(ascii: "|") || byte == .ampersand
            default:
                scanWord(&s, until: end, atCommandStart: &atCommandStart)
            }
        }
    }

    /// A word: a keyword or built-in at a command's start, `NAME=` there,
    /// a number, or plain text (arguments, paths, options).
    private static func scanWord(_ s: inout Scanner, until end: Int, atCommandStart: inout Bool) {
        let start = s.position
        while s.position < end && !Bytes.isSpace(s.peek()) && !isWordBreak(s.peek()) { s.advance() }
        if s.position == start { s.advance() }
        let word = s.text(from: start)
        if let equals = word.firstIndex(of: .equals), equals > start,
           word[start..<equals].allSatisfy(Bytes.isIdentifier) {
            let valueStart = s.position
            s.position = equals
            s.emit(.variable, from: start)
            s.take(.operator)
            s.position = valueStart
            return
        }
        if word.allSatisfy(Bytes.isDigit) {
            s.emit(.number, from: start)
        } else if testBrackets.contains(word) {
            s.emit(.operator, from: start)
        } else if keywords.contains(word) {
            s.emit(.keyword, from: start)
            atCommandStart = true
            return
        } else if atCommandStart && builtins.contains(word) {
            s.emit(.function, from: start)
        }
        atCommandStart = false
    }

    private static func isWordBreak(_ byte: UInt8) -> Bool {
        switch byte {
        case .semicolon, UInt8(ascii: "|"), .ampersand, .less, .greater, .openParen, .closeParen, .quote,
             .apostrophe, .dollar, .backslash: true
        default: false
        }
    }
}
