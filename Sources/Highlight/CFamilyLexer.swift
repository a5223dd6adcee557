/// C, C++, Objective-C and JavaScript: one lexer, as their comments,
/// strings, numbers and operators are alike; the dialect brings the rest.
struct CFamilyLexer {
    let dialect: CFamilyDialect
    /// Template literals nest deeper than this only in hostile input.
    static let maxDepth = 32

    func lex(_ s: inout Scanner) {
        lexCode(&s, depth: 0, closesOnBrace: false)
    }

    /// Lexes to the end, or inside a `${…}` until the `}` that closes it,
    /// which is left for the caller.
    func lexCode(_ s: inout Scanner, depth: Int, closesOnBrace: Bool) {
        var afterOperand = false
        var declared = false
        var braces = 0
        while !s.atEnd {
            let byte = s.peek()
            if Bytes.isSpace(byte) {
                s.skipSpaces()
                continue
            }
            if Bytes.isIdentifierStart(byte) || byte == .dollar && dialect.isJavaScript {
                scanWord(&s, declared: &declared, depth: depth)
                afterOperand = true
                continue
            }
            let wasOperand = afterOperand
            afterOperand = false
            if byte != .at { declared = false }
            switch byte {
            case _ where Bytes.isDigit(byte), .dot where Bytes.isDigit(s.peek(1)):
                s.scanNumber()
                afterOperand = true
            case .slash where s.peek(1) == .slash:
                s.scanLineComment()
            case .slash where s.peek(1) == .star:
                s.scanBlockComment(nests: false)
            case .slash where dialect.isJavaScript && !wasOperand && scanRegex(&s):
                afterOperand = true
            case .quote, .apostrophe:
                s.scanQuoted(byte)
                afterOperand = true
            case .backtick where dialect.isJavaScript:
                scanTemplate(&s, depth: depth)
                afterOperand = true
            case .hash where dialect.hasPreprocessor && isLineStart(s):
                scanDirective(&s)
            case .at where dialect.hasObjectiveCLiterals:
                scanAt(&s, declared: &declared)
                afterOperand = true
            case .openBrace:
                braces += 1
                s.take(.punctuation)
            case .closeBrace:
                if braces == 0 && closesOnBrace { return }
                braces -= 1
                s.take(.punctuation)
            case .closeParen, .closeBracket:
                s.take(.punctuation)
                afterOperand = true
            case .openParen, .openBracket, .dot, UInt8(ascii: ","), .semicolon:
                s.take(.punctuation)
            default:
                let start = s.position
                s.advance()
                while !s.atEnd && SwiftLexer.isOperatorByte(s.peek()) && s.peek() != .slash { s.advance() }
                s.emit(.operator, from: start)
            }
        }
    }

    private func scanWord(_ s: inout Scanner, declared: inout Bool, depth: Int) {
        let start = s.position
        s.advance()
        while !s.atEnd && (Bytes.isIdentifier(s.peek()) || s.peek() == .dollar && dialect.isJavaScript) { s.advance() }
        let word = s.text(from: start)
        if !dialect.isJavaScript && (s.peek() == .quote || s.peek() == .apostrophe) && isStringPrefix(word) {
            if dialect.hasRawStrings && word.last == UInt8(ascii: "R") && s.peek() == .quote {
                scanRawString(&s, from: start)
            } else {
                s.scanQuoted(s.peek(), from: start)
            }
            return
        }
        if dialect.keywords.contains(word) {
            s.emit(.keyword, from: start)
            declared = dialect.typeDeclarations.contains(word)
        } else if declared {
            s.emit(.type, from: start)
            declared = false
        } else if dialect.types.contains(word) || dialect.capitalizedNamesAreTypes && isClassName(word) {
            s.emit(.type, from: start)
        } else if nextIsOpenParen(s) {
            s.emit(.function, from: start)
        }
    }

    private func isStringPrefix(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        word.count <= 3 && word.allSatisfy { [UInt8(ascii: "L"), UInt8(ascii: "u"), UInt8(ascii: "U"), UInt8(ascii: "8"), UInt8(ascii: "R")].contains($0) }
    }

    private func isClassName(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard let first = word.first, Bytes.isUppercase(first) else { return false }
        return word.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
    }

    private func nextIsOpenParen(_ s: Scanner) -> Bool {
        var offset = 0
        while s.peek(offset) == .space { offset += 1 }
        return s.peek(offset) == .openParen
    }

    /// Whether only blanks stand between the line's start and the cursor.
    private func isLineStart(_ s: Scanner) -> Bool {
        var index = s.position - 1
        while index >= 0 && (s.text[index] == .space || s.text[index] == .tab) { index -= 1 }
        return index < 0 || s.text[index] == .newline
    }
}
