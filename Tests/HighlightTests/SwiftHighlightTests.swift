import Highlight
import Testing

@Suite("Swift highlighting")
struct SwiftHighlightTests {
    @Test func declarationsKeywordsAndTypes() {
        let code = Classified("""
            @Observable final class Model: Sendable {
                var name: String = "x"
                func load(from url: URL) async throws -> some View { try await fetch(url) }
            }
            """, .swift)
        #expect(code.kind(of: "@Observable") == "attribute")
        #expect(code.kind(of: "final") == "keyword")
        #expect(code.kind(of: "Model") == "type")
        #expect(code.kind(of: "name") == "variable")
        #expect(code.kind(of: "String") == "type")
        #expect(code.kind(of: "load") == "function")
        #expect(code.kind(of: "async") == "keyword")
        #expect(code.kind(of: "some") == "keyword")
        #expect(code.kind(of: "await") == "keyword")
        #expect(code.kind(of: "url", occurrence: 2) == "plain")
        #expect(code.kind(of: "->") == "operator")
    }

    @Test func nestedInterpolationIsCodeInsideStrings() {
        let code = Classified(#"let s = "a\(b + "c\(d)e")f\n""#, .swift)
        #expect(code.kind(of: "\"a") == "string")
        #expect(code.kind(of: #"\("#) == "interpolation")
        #expect(code.kind(of: "+") == "operator")
        #expect(code.kind(of: "\"c") == "string")
        #expect(code.kind(of: #"\("#, occurrence: 2) == "interpolation")
        #expect(code.kind(of: "d") == "plain")
        #expect(code.kind(of: "e\"") == "string")
        #expect(code.kind(of: "f") == "string")
        #expect(code.kind(of: #"\n"#) == "escape")
        #expect(code.isWellFormed)
    }

    @Test func rawAndMultilineStrings() {
        let code = Classified(##"""
            let raw = #"no \(interpolation) "here" \#(yes)"#
            let text = """
                one "quoted" line
                \(value) two
                """
            let after = 1
            """##, .swift)
        #expect(code.kind(of: ##"#"no \(interpolation) "here" "##) == "string")
        #expect(code.kind(of: ##"\#("##) == "interpolation")
        #expect(code.kind(of: "yes") == "plain")
        #expect(code.kind(of: #"one "quoted" line"#) == "string")
        #expect(code.kind(of: "value") == "plain")
        #expect(code.kind(of: "after") == "variable")
        #expect(code.kind(of: "1") == "number")
    }

    @Test func regexLiteralsAndDivision() {
        let code = Classified("""
            let a = /ab+c/
            let b = #/x / y/#
            let c = d / e / f
            """, .swift)
        #expect(code.kind(of: "/ab+c/") == "regex")
        #expect(code.kind(of: "#/x / y/#") == "regex")
        #expect(code.kind(of: "/ e /") == "mixed")
        #expect(code.kind(of: " e ") == "plain")
    }

    @Test func compilerDirectivesAndMacros() {
        let code = Classified("""
            #if os(macOS)
            if #available(iOS 17, *) {}
            #endif
            #Preview { Text("hi") }
            """, .swift)
        #expect(code.kind(of: "#if") == "preprocessor")
        #expect(code.kind(of: "#endif") == "preprocessor")
        #expect(code.kind(of: "#available") == "preprocessor")
        #expect(code.kind(of: "#Preview") == "attribute")
        #expect(code.kind(of: "17") == "number")
    }

    @Test func nestedCommentsAndNumbers() {
        let code = Classified("/* a /* b */ c */ x = 0x1F + 1_000.5e-3", .swift)
        #expect(code.kind(of: "/* a /* b */ c */") == "comment")
        #expect(code.kind(of: "0x1F") == "number")
        #expect(code.kind(of: "1_000.5e-3") == "number")
    }

    @Test func unterminatedThingsEndAtTheEnd() {
        for text in ["\"abc", "/* abc", "#\"abc", "\"\"\"\nabc", "#/abc", "\"\\(", "`abc", "\"\\u{12"] {
            let code = Classified(text, .swift)
            #expect(code.isWellFormed, "\(text)")
            #expect(code.tokens.last?.end == code.code.count || code.tokens.isEmpty, "\(text)")
        }
    }

    @Test func deepInterpolationStaysBounded() {
        let depth = 10_000
        let text = String(repeating: "\"\\(", count: depth) + String(repeating: ")\"", count: depth)
        let code = Classified(text, .swift)
        #expect(code.isWellFormed)
    }
}
