/// Swift: nested comments, strings with (nested) interpolation, multi-line
/// and raw strings, regex literals, `#if` and macros, attributes.
enum SwiftLexer {
    /// Interpolations nest deeper than this only in hostile input; past it
    /// `\(` reads as an escape, which keeps the recursion bounded.
    static let maxDepth = 32

    static let keywords = WordSet("""
        associatedtype class deinit enum extension fileprivate func import init inout internal let open operator \
        private precedencegroup protocol public rethrows static struct subscript typealias var break case catch \
        continue default defer do else fallthrough for guard if in repeat return throw switch where while as await \
        false is nil self Self super throws true try async actor some any final lazy mutating nonmutating override \
        required convenience dynamic indirect weak unowned optional get set willSet didSet consuming borrowing \
        sending nonisolated isolated package macro each discard copy consume then _
        """)
    static let operandKeywords = WordSet("self Self super true false nil")
    static let builtinTypes = WordSet("""
        Int Int8 Int16 Int32 Int64 UInt UInt8 UInt16 UInt32 UInt64 Float Float16 Float80 Double Bool String \
        Character Substring Array Dictionary Set Optional Result Void Never Error Any AnyObject AnyClass
        """)
    static let directives = WordSet("if elseif else endif sourceLocation warning error available unavailable")
    static let conditions = WordSet("if elseif")
    static let poundKeywords = WordSet("selector keyPath file fileID filePath line column function dsohandle")

    /// What came before, to tell `/regex/` from division and a declared name from a use.
    struct State {
        var afterOperand = false
        var declared: TokenKind?
        /// On the line of an `#if`, names are the condition's.
        var inCondition = false
    }

    static func lex(_ scanner: inout Scanner) {
        var state = State()
        lexCode(&scanner, &state, depth: 0, closesOnParen: false)
    }

    /// Lexes until the end, or (inside an interpolation) until the `)` that
    /// closes it, which is left for the caller.
    static func lexCode(_ s: inout Scanner, _ state: inout State, depth: Int, closesOnParen: Bool) {
        var parens = 0
        while !s.atEnd {
            let byte = s.peek()
            if Bytes.isSpace(byte) {
                let start = s.position
                s.skipSpaces()
                if state.inCondition && s.text[start..<s.position].contains(.newline) { state.inCondition = false }
                continue
            }
            if Bytes.isIdentifierStart(byte) && state.inCondition {
                let start = s.position
                s.skipIdentifier()
                s.emit(.preprocessor, from: start)
                continue
            }
            if Bytes.isIdentifierStart(byte) || byte == .dollar || byte == .backtick {
                scanIdentifier(&s, &state)
                continue
            }
            let wasOperand = state.afterOperand
            state.afterOperand = false
            if byte != .at { state.declared = nil }
            switch byte {
            case _ where Bytes.isDigit(byte):
                s.scanNumber()
                state.afterOperand = true
            case .slash where s.peek(1) == .slash:
                s.scanLineComment()
            case .slash where s.peek(1) == .star:
                s.scanBlockComment(nests: true)
            case .slash where !wasOperand && scanBareRegex(&s):
                state.afterOperand = true
            case .quote:
                scanString(&s, hashes: 0, depth: depth)
                state.afterOperand = true
            case .hash:
                scanPound(&s, &state, depth: depth)
            case .at:
                let start = s.position
                s.advance()
                s.skipIdentifier()
                s.emit(.attribute, from: start)
            case .openParen, .openBracket, .openBrace:
                if byte == .openParen { parens += 1 }
                s.take(.punctuation)
            case .closeParen, .closeBracket, .closeBrace:
                if byte == .closeParen {
                    if parens == 0 && closesOnParen { return }
                    parens -= 1
                }
                s.take(.punctuation)
                state.afterOperand = true
            case .dot:
                s.take(.punctuation)
            case UInt8(ascii: ","), .colon, .semicolon, .backslash:
                s.take(.punctuation)
            default:
                scanOperator(&s, wasOperand: wasOperand)
            }
        }
    }

    private static func scanIdentifier(_ s: inout Scanner, _ state: inout State) {
        let start = s.position
        if s.peek() == .backtick {
            s.advance()
            while !s.atEnd && s.peek() != .backtick && s.peek() != .newline { s.advance() }
            if s.peek() == .backtick { s.advance() }
        } else {
            s.advance()
            s.skipIdentifier()
        }
        let word = s.text(from: start)
        state.afterOperand = true
        if s.text[start] != .backtick && keywords.contains(word) {
            s.emit(.keyword, from: start)
            state.afterOperand = operandKeywords.contains(word)
            state.declared = declaredKind(after: word)
        } else if let declared = state.declared {
            s.emit(declared, from: start)
            state.declared = nil
        } else if builtinTypes.contains(word) || Bytes.isUppercase(s.text[start]) {
            s.emit(.type, from: start)
        }
    }

    private static let functionDeclarations = WordSet("func")
    private static let variableDeclarations = WordSet("var let")
    private static let typeDeclarations = WordSet("class struct enum protocol extension actor typealias import associatedtype")

    /// The kind of the name a declaration keyword introduces.
    private static func declaredKind(after keyword: Slice<UnsafeBufferPointer<UInt8>>) -> TokenKind? {
        if functionDeclarations.contains(keyword) { return .function }
        if variableDeclarations.contains(keyword) { return .variable }
        if typeDeclarations.contains(keyword) { return .type }
        return nil
    }

    private static func scanOperator(_ s: inout Scanner, wasOperand: Bool) {
        let start = s.position
        s.advance()
        while !s.atEnd && isOperatorByte(s.peek()) && !(s.peek() == .slash && (s.peek(1) == .slash || s.peek(1) == .star)) {
            s.advance()
        }
        s.emit(.operator, from: start)
    }

    static func isOperatorByte(_ byte: UInt8) -> Bool {
        switch byte {
        case .slash, .equals, .minus, .plus, UInt8(ascii: "!"), .star, UInt8(ascii: "%"), .less, .greater,
             .ampersand, UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"): true
        default: false
        }
    }

    /// `#if` and friends, `#available`, raw strings `#"…"#`, extended regex
    /// literals `#/…/#`, and macros (`#Preview`).
    private static func scanPound(_ s: inout Scanner, _ state: inout State, depth: Int) {
        var hashes = 0
        while s.peek(hashes) == .hash { hashes += 1 }
        if s.peek(hashes) == .quote {
            scanString(&s, hashes: hashes, depth: depth)
            state.afterOperand = true
            return
        }
        if s.peek(hashes) == .slash {
            scanExtendedRegex(&s, hashes: hashes)
            state.afterOperand = true
            return
        }
        let start = s.position
        s.advance()
        s.skipIdentifier()
        let word = s.text[(start + 1)..<s.position]
        if directives.contains(word) {
            s.emit(.preprocessor, from: start)
            state.inCondition = conditions.contains(word)
        } else if poundKeywords.contains(word) {
            s.emit(.keyword, from: start)
        } else if word.isEmpty {
            s.emit(.punctuation, from: start)
        } else {
            s.emit(.attribute, from: start)
        }
    }
}
