/// What sets Python and Ruby apart for the shared lexer of `#`-comment
/// scripting languages.
struct ScriptDialect: Sendable {
    var keywords: WordSet
    var builtins: WordSet
    var isRuby: Bool

    static let python = ScriptDialect(
        keywords: WordSet("""
            False None True and as assert async await break class continue def del elif else except finally for \
            from global if import in is lambda nonlocal not or pass raise return try while with yield match case \
            self cls
            """),
        builtins: WordSet("""
            abs all any bool bytes callable chr dict dir enumerate filter float format frozenset getattr hasattr \
            hash hex id input int isinstance issubclass iter len list map max min next object open ord pow print \
            property range repr reversed round set setattr slice sorted staticmethod str sum super tuple type vars \
            zip classmethod Exception ValueError TypeError KeyError IndexError RuntimeError OSError
            """),
        isRuby: false)

    static let ruby = ScriptDialect(
        keywords: WordSet("""
            BEGIN END alias and begin break case class def defined? do else elsif end ensure false for if in module \
            next nil not or redo rescue retry return self super then true undef unless until when while yield \
            require require_relative include extend attr_accessor attr_reader attr_writer private protected public \
            lambda proc raise loop puts
            """),
        builtins: WordSet(""),
        isRuby: true)
}
