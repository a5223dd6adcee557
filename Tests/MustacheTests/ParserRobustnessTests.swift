import Mustache
import Testing

/// Throws thousands of generated, mostly broken templates at the compiler and
/// renderer: each must either compile and render or report located errors,
/// never crash or hang. A cheap complement, run by every `make test`, to
/// the fuzz target in `fuzz/`.
@Suite("Parser robustness")
struct ParserRobustnessTests {
    /// Pieces that make interesting templates when glued together at random.
    private static let fragments = [
        "{{", "}}", "{{{", "}}}", "{", "}", "#", "^", "/", "!", ">", "<", "$", "&", "=", "*", ".",
        "a", "b", "c", "a.b", " ", "  ", "\t", "\n", "\r\n", "\r", "é", "👋", "text",
        "{{a}}", "{{#a}}", "{{/a}}", "{{^b}}", "{{/b}}", "{{>p}}", "{{>*c}}", "{{<p}}", "{{/p}}",
        "{{$a}}", "{{$b}}", "{{! note }}", "{{=<% %>=}}", "<%", "%>", "<%a%>", "{{=| |=}}", "|", "|#a|",
    ]

    /// SplitMix64: small, fast and the same on every platform, so a failure
    /// can be reproduced from its seed.
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }

    @Test(arguments: 0..<4)
    func generatedTemplatesNeverCrash(seed: Int) {
        var generator = Generator(state: UInt64(seed))
        let context: MustacheValue = ["a": true, "b": [1, ["a": "<x>"]], "c": "p", "p": ["a": 2.5]]
        for _ in 0..<1_000 {
            let length = Int.random(in: 0...40, using: &generator)
            let template = (0..<length).map { _ in Self.fragments.randomElement(using: &generator) ?? "" }.joined()
            do {
                let library = try TemplateLibrary(
                    templates: ["t": template, "p": "P{{$a}}A{{/a}}\n{{>*c}}"],
                    unknownPartials: .renderNothing
                )
                _ = library.render("t", context)
            } catch {
                #expect(!error.errors.isEmpty)
                for located in error.errors {
                    #expect(located.templateName == "t" && located.line >= 1 && located.column >= 1, "\(located)")
                }
            }
        }
    }
}
