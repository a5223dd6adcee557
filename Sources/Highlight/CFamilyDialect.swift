/// What sets C, C++, Objective-C and JavaScript apart for the shared lexer:
/// their words and a few kinds of literal.
struct CFamilyDialect: Sendable {
    var keywords: WordSet
    var types: WordSet
    /// Words after which the next name is a declared type (`struct Point`).
    var typeDeclarations: WordSet
    var hasPreprocessor = true
    /// `@interface`, `@"string"`, `@[…]`.
    var hasObjectiveCLiterals = false
    /// `R"delimiter(…)delimiter"`.
    var hasRawStrings = false
    /// Names like `NSString` or `PostCell` (a capital, then a lower-case
    /// letter somewhere) are classes; `ALL_CAPS` stays a macro.
    var capitalizedNamesAreTypes = false
    /// `` `template ${literals}` `` and `/regex/`.
    var isJavaScript = false

    private static let cKeywords = """
        auto break case const continue default do else enum extern for goto if inline register restrict return \
        sizeof static struct switch typedef union volatile while _Alignas _Alignof _Atomic _Generic _Noreturn \
        _Static_assert _Thread_local true false NULL asm __asm __asm__
        """
    private static let cTypes = """
        bool char double float int long short signed unsigned void _Bool _Complex size_t ssize_t ptrdiff_t \
        intptr_t uintptr_t int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t wchar_t off_t \
        time_t clock_t va_list FILE DIR wint_t mbstate_t intmax_t uintmax_t sig_atomic_t pid_t
        """

    static let c = CFamilyDialect(keywords: WordSet(cKeywords), types: WordSet(cTypes),
                                  typeDeclarations: WordSet("struct union enum"))

    static let cpp = CFamilyDialect(
        keywords: WordSet(cKeywords + " " + """
            alignas alignof and and_eq bitand bitor catch class compl concept consteval constexpr constinit \
            const_cast co_await co_return co_yield decltype delete dynamic_cast explicit export final friend \
            mutable namespace new noexcept not not_eq nullptr operator or or_eq override private protected public \
            reinterpret_cast requires static_assert static_cast template this thread_local throw try typeid \
            typename using virtual xor xor_eq
            """),
        types: WordSet(cTypes + " char8_t char16_t char32_t"),
        typeDeclarations: WordSet("struct union enum class namespace typename concept"),
        hasRawStrings: true)

    static let objectiveC = CFamilyDialect(
        keywords: WordSet(cKeywords + " " + """
            interface implementation end property synthesize dynamic protocol optional required class selector \
            encode autoreleasepool try catch finally throw synchronized import public private protected package \
            self super nil Nil YES NO in out inout bycopy byref oneway __block __weak __strong __autoreleasing \
            __bridge __bridge_transfer __bridge_retained __unsafe_unretained __kindof nonatomic atomic strong weak \
            copy assign readonly readwrite retain nullable nonnull null_resettable unsafe_unretained getter setter \
            _Nullable _Nonnull
            """),
        types: WordSet(cTypes + " id BOOL SEL IMP Class NSInteger NSUInteger CGFloat unichar Protocol instancetype"),
        typeDeclarations: WordSet("struct union enum interface implementation protocol class"),
        hasObjectiveCLiterals: true, capitalizedNamesAreTypes: true)

    static let javascript = CFamilyDialect(
        keywords: WordSet("""
            break case catch class const continue debugger default delete do else export extends finally for \
            function if import in instanceof let new return super switch this throw try typeof var void while \
            with yield async await of static get set true false null undefined NaN Infinity from as \
            interface type enum implements readonly declare namespace abstract public private protected
            """),
        types: WordSet("""
            Array Boolean Date Error Function Map Math Number Object Promise Proxy Reflect RegExp Set String \
            Symbol WeakMap WeakSet JSON BigInt string number boolean any unknown never object
            """),
        typeDeclarations: WordSet("class extends interface type enum implements new"),
        hasPreprocessor: false, isJavaScript: true)
}
