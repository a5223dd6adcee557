import SiteModel
import SitePresentation
import Testing

@Suite("Code blocks in posts")
struct CodeHighlightingTests {
    private let highlighting = MarkdownRenderer(options: .init())
    private let plain = MarkdownRenderer(options: .init(highlight: false))

    private func html(_ markdown: String, _ renderer: MarkdownRenderer? = nil) -> String {
        (renderer ?? highlighting).render(markdown).html.text
    }

    @Test func aKnownLanguageIsHighlightedAndEscaped() {
        let output = html("```swift\nlet s = \"<b>&\" // done\n```\n")
        #expect(output == """
            <pre><code class="language-swift"><span class="hl-keyword">let</span> <span class="hl-variable">s</span> \
            <span class="hl-operator">=</span> <span class="hl-string">&quot;&lt;b&gt;&amp;&quot;</span> \
            <span class="hl-comment">// done</span>
            </code></pre>

            """)
    }

    @Test func unknownOrMissingLanguagesStayAsCmarkWritesThem() {
        for source in ["```brainfuck\n+[<>] \"x\" & y\n```\n", "```\nplain <b>\n```\n", "    indented <b>\n",
                       "~~~ weird{lang\ncode\n~~~\n"] {
            #expect(html(source) == html(source, plain), "\(source)")
        }
    }

    @Test func highlightingOffLeavesEveryBlockPlain() {
        #expect(html("```swift\nlet a = 1\n```\n", plain) == "<pre><code class=\"language-swift\">let a = 1\n</code></pre>\n")
    }

    @Test func lineNumbersAndMarkedLinesWrapEachLine() {
        let output = html("```json linenos {2}\n{\n\"a\": 1\n}\n```\n")
        #expect(output == """
            <pre class="hl-numbered"><code class="language-json"><span class="hl-line">\
            <span class="hl-punctuation">{</span>
            </span><span class="hl-line hl-marked"><span class="hl-property">&quot;a&quot;</span>\
            <span class="hl-punctuation">:</span> <span class="hl-number">1</span>
            </span><span class="hl-line"><span class="hl-punctuation">}</span>
            </span></code></pre>

            """)
    }

    @Test func aTokenAcrossLinesIsClosedAndReopenedOnEachLine() {
        let output = html("```c {1-2}\n/* one\ntwo */ x\n```\n")
        #expect(output.contains("<span class=\"hl-line hl-marked\"><span class=\"hl-comment\">/* one\n</span></span>"))
        #expect(output.contains("<span class=\"hl-line hl-marked\"><span class=\"hl-comment\">two */</span> x\n</span>"))
        #expect(!output.contains("hl-numbered"))
    }

    @Test func theSiteSettingNumbersKnownLanguagesUnlessABlockSaysNo() {
        let numbered = MarkdownRenderer(options: .init(lineNumbers: true))
        #expect(html("```swift\nx\n```\n", numbered).hasPrefix("<pre class=\"hl-numbered\">"))
        #expect(html("```swift nolinenos\nx\n```\n", numbered).hasPrefix("<pre><code class=\"language-swift\">"))
        #expect(html("```text\nx\n```\n", numbered) == html("```text\nx\n```\n", plain))
        #expect(html("```text linenos\nx <\n```\n", numbered)
            == "<pre class=\"hl-numbered\"><code class=\"language-text\"><span class=\"hl-line\">x &lt;\n</span></code></pre>\n")
    }

    @Test func settingsThatChangeTheHTMLChangeTheIdentity() {
        let identities = Set([highlighting, plain, MarkdownRenderer(options: .init(lineNumbers: true))].map(\.identity))
        #expect(identities.count == 3)
    }
}
