import Highlight
import Testing

@Suite("Shell, console and diff highlighting")
struct ShellHighlightTests {
    @Test func shellQuotingAndExpansions() {
        let code = Classified("""
            if [ -f "$HOME/x" ]; then # check
              echo "hi ${name} $(date +%s)" 'no $expansion'
              COUNT=$((COUNT + 1))
            fi
            cat <<EOF
            it's here
            EOF
            """, .shell)
        #expect(code.kind(of: "if") == "keyword")
        #expect(code.kind(of: "[") == "operator")
        #expect(code.kind(of: "$HOME") == "variable")
        #expect(code.kind(of: "/x") == "string")
        #expect(code.kind(of: "# check") == "comment")
        #expect(code.kind(of: "echo") == "function")
        #expect(code.kind(of: "$(") == "interpolation")
        #expect(code.kind(of: "date") == "plain")
        #expect(code.kind(of: "'no $expansion'") == "string")
        #expect(code.kind(of: "COUNT") == "variable")
        #expect(code.kind(of: "1") == "number")
        #expect(code.kind(of: "it's here") == "string")
        #expect(code.kind(of: "fi") == "keyword")
    }

    @Test func consolePromptsCommandsAndOutput() {
        let code = Classified("""
            $ swift build -c release \\
                --product sitegen
            Building for production...
            % echo "done"
            done
            """, .console)
        #expect(code.kind(of: "$ ") == "prompt")
        #expect(code.kind(of: "swift") == "plain")
        #expect(code.kind(of: "--product") == "plain")
        #expect(code.kind(of: "Building for production...") == "output")
        #expect(code.kind(of: "% ") == "prompt")
        #expect(code.kind(of: "\"done\"") == "string")
        #expect(code.kind(of: "done", occurrence: 2) == "output")
    }

    @Test func diffLines() {
        let code = Classified("""
            diff --git a/x b/x
            --- a/x
            +++ b/x
            @@ -1,2 +1,2 @@
             same
            -old
            +new
            """, .diff)
        #expect(code.kind(of: "diff --git a/x b/x") == "meta")
        #expect(code.kind(of: "--- a/x") == "meta")
        #expect(code.kind(of: "@@ -1,2 +1,2 @@") == "meta")
        #expect(code.kind(of: "same") == "plain")
        #expect(code.kind(of: "-old") == "deleted")
        #expect(code.kind(of: "+new") == "inserted")
    }
}
