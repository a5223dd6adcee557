/// Unified diffs: each line is classified by how it starts.
enum DiffLexer {
    static func lex(_ s: inout Scanner) {
        while !s.atEnd {
            let start = s.position
            let kind: TokenKind?
            if s.looksAt("+++") || s.looksAt("---") || s.looksAt("@@") || s.looksAt("diff ") || s.looksAt("index ") {
                kind = .meta
            } else if s.peek() == .plus || s.peek() == .greater {
                kind = .inserted
            } else if s.peek() == .minus || s.peek() == .less {
                kind = .deleted
            } else {
                kind = nil
            }
            s.skipToLineEnd()
            if let kind { s.emit(kind, from: start) }
            s.advance()
        }
    }
}
