/// The literals only some of the C family have, and the preprocessor.
extension CFamilyLexer {
    /// `#include <file>`, `#define X 1`: the directive and the rest of its
    /// line (continued by a trailing `\`), comments in it still comments.
    func scanDirective(_ s: inout Scanner) {
        var start = s.position
        while !s.atEnd {
            let byte = s.peek()
            if byte == .newline {
                if s.byte(at: s.position - 1) != .backslash { break }
                s.advance()
            } else if byte == .slash && (s.peek(1) == .slash || s.peek(1) == .star) {
                s.emit(.preprocessor, from: start)
                if s.peek(1) == .slash { s.scanLineComment() } else { s.scanBlockComment(nests: false) }
                start = s.position
            } else {
                s.advance()
            }
        }
        s.emit(.preprocessor, from: start)
    }

    /// Objective-C's `@`: `@"string"`, `@interface`, `@[…]`, `@YES`.
    func scanAt(_ s: inout Scanner, declared: inout Bool) {
        let start = s.position
        if s.peek(1) == .quote {
            s.advance()
            s.scanQuoted(.quote, from: start)
            return
        }
        s.advance()
        let wordStart = s.position
        s.skipIdentifier()
        if s.position > wordStart {
            let word = s.text(from: wordStart)
            s.emit(.keyword, from: start)
            declared = dialect.typeDeclarations.contains(word)
        } else {
            s.emit(.punctuation, from: start)
        }
    }

    /// C++ `R"delimiter(…)delimiter"` from its prefix at `start`; the
    /// delimiter is at most 16 bytes, as the standard says.
    func scanRawString(_ s: inout Scanner, from start: Int) {
        s.advance()
        let delimiterStart = s.position
        while !s.atEnd && s.peek() != .openParen && s.position - delimiterStart <= 16 && !Bytes.isSpace(s.peek()) {
            s.advance()
        }
        guard s.peek() == .openParen else {
            s.emit(.string, from: start)
            return
        }
        let delimiter = Array(s.text[delimiterStart..<s.position])
        s.advance()
        while !s.atEnd {
            if s.peek() == .closeParen && closes(s, delimiter) {
                s.advance(delimiter.count + 2)
                break
            }
            s.advance()
        }
        s.emit(.string, from: start)
    }

    private func closes(_ s: Scanner, _ delimiter: [UInt8]) -> Bool {
        for (offset, byte) in delimiter.enumerated() where s.peek(1 + offset) != byte { return false }
        return s.peek(1 + delimiter.count) == .quote
    }

    /// JavaScript's `` `text ${expression} text` ``, expressions lexed as code.
    func scanTemplate(_ s: inout Scanner, depth: Int) {
        var runStart = s.position
        s.advance()
        while !s.atEnd {
            let byte = s.peek()
            if byte == .backtick {
                s.advance()
                break
            }
            if byte == .backslash {
                s.emit(.string, from: runStart)
                let escapeStart = s.position
                s.advance(2)
                s.emit(.escape, from: escapeStart)
                runStart = s.position
            } else if byte == .dollar && s.peek(1) == .openBrace && depth < Self.maxDepth {
                s.emit(.string, from: runStart)
                let interpolationStart = s.position
                s.advance(2)
                s.emit(.interpolation, from: interpolationStart)
                lexCode(&s, depth: depth + 1, closesOnBrace: true)
                if s.peek() == .closeBrace { s.take(.interpolation) }
                runStart = s.position
            } else {
                s.advance()
            }
        }
        s.emit(.string, from: runStart)
    }

    /// `/regex/flags` where an operand may start, closed on the same line
    /// within a bounded look-ahead; consumes nothing when it is not one.
    func scanRegex(_ s: inout Scanner) -> Bool {
        var offset = 1
        var inClass = false
        while offset < 1024 {
            let index = s.position + offset
            guard index < s.text.count, s.text[index] != .newline else { return false }
            let byte = s.text[index]
            if byte == .backslash {
                offset += 2
                continue
            }
            if byte == .openBracket { inClass = true }
            if byte == .closeBracket { inClass = false }
            if byte == .slash && !inClass && offset > 1 {
                let start = s.position
                s.advance(offset + 1)
                while !s.atEnd && Bytes.isIdentifier(s.peek()) && s.peek() < 0x80 { s.advance() }
                s.emit(.regex, from: start)
                return true
            }
            offset += 1
        }
        return false
    }
}
