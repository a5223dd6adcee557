import Foundation
import SitePresentation
import Testing

@Suite("Text of a rendered body")
struct HTMLTextTests {
    private func text(_ html: String) -> HTMLText { HTMLText(html: Array(html.utf8)) }

    @Test func tagsGoEntitiesAreDecodedAndBlocksSeparateWords() {
        let found = text("<p>Fish &amp; chips &lt;3 &#233;t&#xE9;</p><p>next</p><ul><li>one</li><li>two</li></ul>")
        #expect(found.bodyText.split(separator: " ") == ["Fish", "&", "chips", "<3", "été", "next", "one", "two"])
    }

    @Test func inlineTagsDoNotSplitAWord() {
        #expect(text("<p>un<em>believ</em>able <a href=\"x\">link</a><code>x</code></p>").bodyText.contains("unbelievable linkx"))
    }

    @Test func codeBlocksAreLeftOutButInlineCodeStays() {
        let found = text("<p>Use <code>map</code>:</p>\n<pre><code class=\"language-swift\">let secret = 1\n</code></pre>\n<p>after</p>")
        #expect(found.bodyText.contains("map"))
        #expect(!found.bodyText.contains("secret"))
        #expect(found.bodyText.contains("after"))
    }

    @Test func headingsAreKeptApart() {
        let found = text("<h2>Why <em>static</em> sites</h2>\n<p>Because.</p><h3>Cost</h3>")
        #expect(found.headingText == "Why static sites\nCost\n")
        #expect(found.bodyText.trimmingCharacters(in: .whitespacesAndNewlines) == "Because.")
    }

    @Test func rawHTMLScriptsAndCommentsAreNotText() {
        let found = text("<!-- a <p>comment</p> --><script>var hidden = '<p>';</script><style>p{}</style><p title=\"a > b\">shown</p>")
        #expect(found.bodyText.trimmingCharacters(in: .whitespaces) == "shown")
    }

    @Test func brokenHTMLEndsWithoutLosingText() {
        #expect(text("<p>open &amp").bodyText == " open &amp")
        #expect(text("<pre>never closed").bodyText == "")
        #expect(text("text <").bodyText == "text  ")
    }
}
