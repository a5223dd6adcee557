/// Classifies code: UTF-8 bytes and a language in, tokens out. It knows
/// nothing of HTML or sites; whoever shows the code turns the tokens into
/// markup. Every lexer runs in time linear in the code, whatever the input.
public enum Highlighter {
    /// The tokens of `code`, in order and not overlapping.
    public static func tokens(in code: UnsafeBufferPointer<UInt8>, language: Language) -> [Token] {
        var scanner = Scanner(code)
        switch language {
        case .swift: SwiftLexer.lex(&scanner)
        case .objectiveC: CFamilyLexer(dialect: .objectiveC).lex(&scanner)
        case .c: CFamilyLexer(dialect: .c).lex(&scanner)
        case .cpp: CFamilyLexer(dialect: .cpp).lex(&scanner)
        case .javascript: CFamilyLexer(dialect: .javascript).lex(&scanner)
        case .json: JSONLexer.lex(&scanner)
        case .yaml: YAMLLexer.lex(&scanner)
        case .shell: ShellLexer.lex(&scanner, until: code.count)
        case .console: ConsoleLexer.lex(&scanner)
        case .diff: DiffLexer.lex(&scanner)
        case .markup: MarkupLexer.lex(&scanner)
        case .ruby: ScriptLexer(dialect: .ruby).lex(&scanner)
        case .python: ScriptLexer(dialect: .python).lex(&scanner)
        }
        return scanner.tokens
    }

    public static func tokens(in code: [UInt8], language: Language) -> [Token] {
        code.withUnsafeBufferPointer { tokens(in: $0, language: language) }
    }

    public static func tokens(in code: String, language: Language) -> [Token] {
        tokens(in: Array(code.utf8), language: language)
    }
}
