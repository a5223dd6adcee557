import Highlight
import Testing

@Suite("JSON and YAML highlighting")
struct DataHighlightTests {
    @Test func jsonKeysApartFromValues() {
        let code = Classified(#"{"name": "value", "list": [1, -2.5e3, true, null], "esc": "a\"b"}"#, .json)
        #expect(code.kind(of: #""name""#) == "property")
        #expect(code.kind(of: #""value""#) == "string")
        #expect(code.kind(of: "-2.5e3") == "number")
        #expect(code.kind(of: "true") == "keyword")
        #expect(code.kind(of: "null") == "keyword")
        #expect(code.kind(of: "\\\"") == "escape")
        #expect(code.kind(of: "[") == "punctuation")
    }

    @Test func yamlKeysScalarsAndBlockScalars() {
        let code = Classified("""
            ---
            # a comment
            name: CI
            on: [push, "pull request"]
            steps:
              - uses: actions/checkout@v4 # pinned
              - run: |
                  make test: all
                  echo done
            anchor: &base 3
            alias: *base
            """, .yaml)
        #expect(code.kind(of: "---") == "meta")
        #expect(code.kind(of: "# a comment") == "comment")
        #expect(code.kind(of: "name") == "property")
        #expect(code.kind(of: "CI") == "string")
        #expect(code.kind(of: "push") == "string")
        #expect(code.kind(of: "\"pull request\"") == "string")
        #expect(code.kind(of: "-", occurrence: 4) == "punctuation")
        #expect(code.kind(of: "actions/checkout@v4") == "string")
        #expect(code.kind(of: "# pinned") == "comment")
        #expect(code.kind(of: "make test: all") == "string")
        #expect(code.kind(of: "echo done") == "string")
        #expect(code.kind(of: "anchor") == "property")
        #expect(code.kind(of: "&base") == "variable")
        #expect(code.kind(of: "*base") == "variable")
    }
}
