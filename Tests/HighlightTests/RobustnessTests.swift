import Highlight
import Testing

/// Whatever the input, every lexer returns ordered tokens inside the code,
/// and in time that grows with the code, not faster.
@Suite("Highlighting hostile input")
struct RobustnessTests {
    static let nasty: [String] = [
        "\"", "'", "`", "/*", "<!--", "<?", "\"\"\"", "#\"", "#/", "${", "$(", "#{", "\\", "<<EOF\n", "@", "#",
        "/", "[", "{{", "\"\\(", "f'{", "R\"abc(", "-", "---\n", "|\n", "&", "\u{0}", "é", "\r\n",
    ]

    @Test(arguments: Language.allCases)
    func unterminatedConstructsStayWellFormed(language: Language) {
        for fragment in Self.nasty {
            for text in [fragment, "x " + fragment + " y\nz", String(repeating: fragment, count: 50)] {
                let code = Classified(text, language)
                #expect(code.isWellFormed, "\(language) \(text.debugDescription)")
            }
        }
    }

    /// 200 KB of slashes and quotes on one line: a lexer that looked ahead
    /// to the line's end at every slash would take minutes, even here in a
    /// debug build. (The fuzz target checks a megabyte, optimised.)
    @Test(arguments: Language.allCases)
    func aLongLineIsFast(language: Language) {
        let text = String(repeating: "(/ a\\(\"b ", count: 22_000)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(Classified(text, language).isWellFormed)
        }
        #expect(elapsed < .seconds(10), "\(language) took \(elapsed)")
    }
}
