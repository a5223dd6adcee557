@testable import SiteServe
import Testing

@Suite("Live reload script")
struct LiveReloadScriptTests {
    private var script: String { String(decoding: LiveReloadScript.html(eventsPath: "/__sitegen/events"), as: UTF8.self) }

    @Test func isOneSmallInlineScriptThatLoadsNothing() {
        #expect(script.hasPrefix("<script>"))
        #expect(script.hasSuffix("</script>"))
        #expect(script.components(separatedBy: "</script>").count == 2)
        #expect(!script.contains("src="))
        #expect(!script.contains("http:") && !script.contains("https:"))
        #expect(script.utf8.count < 6000)
    }

    @Test func showsErrorsAsTextNeverAsMarkup() {
        #expect(script.contains("textContent"))
        #expect(!script.contains("innerHTML"))
        #expect(!script.contains("insertAdjacentHTML"))
        #expect(!script.contains("document.write"))
    }

    @Test func embedsTheStreamPathAsAnEscapedString() {
        let odd = String(decoding: LiveReloadScript.html(eventsPath: "/x</script>\"y"), as: UTF8.self)
        #expect(odd.contains(#"new EventSource("/x\u003c/script\u003e\"y")"#))
    }
}
