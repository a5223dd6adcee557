import SiteModel
import SitePresentation
import Testing

/// What the walk over cmark's tree adds to a body: heading ids a reader can
/// link to, the code block seam, the links and the reading length.
@Suite("Markdown walk")
struct MarkdownWalkTests {
    private let renderer = MarkdownRenderer(options: .init())

    private func anchor(_ id: String) -> String {
        " <a class=\"heading-anchor\" href=\"#\(id)\" aria-label=\"Link to this section\">#</a>"
    }

    @Test func aHeadingGetsAnIDAndASelfLinkAroundItsOwnInlines() {
        let rendered = renderer.render("## Hello, *brave* `new` World!\n\nText.")
        #expect(rendered.html.text == "<h2 id=\"hello-brave-new-world\">Hello, <em>brave</em> <code>new</code> World!"
            + anchor("hello-brave-new-world") + "</h2>\n<p>Text.</p>\n")
        #expect(rendered.headings == [.init(level: 2, title: "Hello, brave new World!", id: "hello-brave-new-world")])
    }

    @Test func idsKeepEveryScriptAndNeverRepeatOrCollideWithTheTheme() {
        let source = "# 视图控制器的生命周期\n\n## Ünïcödé Straße\n\n## Setup\n\n## Setup\n\n## Setup-1\n\n## ???\n\n## Main\n\n### a  b"
        let ids = renderer.render(source).headings.map(\.id)
        #expect(ids == ["视图控制器的生命周期", "ünïcödé-straße", "setup", "setup-1", "setup-1-1", "section", "main-1", "a--b"])
    }

    /// Ids are compared as browsers compare them, byte by byte: `é` written
    /// as one character and as `e` with a combining accent are two ids.
    @Test func idsThatDifferOnlyInUnicodeFormStayApart() {
        let ids = renderer.render("## Caf\u{E9}\n\n## Cafe\u{301}\n\n## Caf\u{E9}").headings.map(\.id)
        #expect(ids.map { Array($0.utf8) } == [Array("caf\u{E9}".utf8), Array("cafe\u{301}".utf8), Array("caf\u{E9}-1".utf8)])
    }

    /// Every printable ASCII character, escaped so that cmark keeps it as
    /// text: letters are lowercased, digits, `-` and `_` kept, the rest dropped.
    @Test func asciiHeadingIDsKeepLettersDigitsDashesAndUnderscores() {
        let printable = (0x21...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }
        let source = "## " + printable.map { $0.isPunctuation || $0.isSymbol ? "\\\($0)" : "\($0)" }.joined()
        let headings = renderer.render(source).headings
        #expect(headings.map(\.title) == [String(printable)])
        #expect(headings.map(\.id) == ["-0123456789abcdefghijklmnopqrstuvwxyz_abcdefghijklmnopqrstuvwxyz"])
    }

    /// Beyond ASCII, a heading id keeps letters, marks and digits of every
    /// script lowercased (one character at a time, the rule written out here).
    private static func expectedID(_ title: String) -> String {
        title.unicodeScalars.map { scalar -> String in
            if scalar == " " || scalar == "-" { return "-" }
            if scalar.isASCII { return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" ? String(scalar).lowercased() : "" }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
                 .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
                return String(scalar).lowercased()
            default:
                return ""
            }
        }.joined()
    }

    @Test func headingIDsLowercaseEveryScript() {
        let title = "ǅemal Ⅻ ᾼ Ωmega İstanbul 视图 ﾊﾟ カ 한글 ٣ ½ ß Ǆ ① ˆx"
        #expect(renderer.render("## " + title).headings.map(\.id) == [Self.expectedID(title)])
    }

    /// The characters of most European and CJK headings (Latin-1, the main
    /// Han block, Hangul syllables) follow the same rule, each one of them.
    @Test(arguments: [0xA0...0xFF, 0x4E00...0x9FFF, 0xAC00...0xD7A3] as [ClosedRange<UInt32>])
    func headingIDsOfEveryCommonLetterFollowTheRule(block: ClosedRange<UInt32>) {
        let title = String(String.UnicodeScalarView(block.compactMap(Unicode.Scalar.init)))
        #expect(renderer.render("## " + title).headings.map(\.id) == [Self.expectedID(title)])
    }

    /// Heading ids write letters without case, marks and digits as they are,
    /// without asking to lowercase them: true of every such character.
    @Test func caselessCharactersAreTheirOwnLowercase() {
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            switch scalar.properties.generalCategory {
            case .otherLetter, .modifierLetter, .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .otherNumber:
                #expect(String(scalar).lowercased() == String(scalar), "U+\(String(value, radix: 16))")
            default:
                continue
            }
        }
    }

    @Test func safeModeStillDropsRawHTMLInsideAHeading() {
        let html = renderer.render("## Hi <script>alert(1)</script> there").html.text
        #expect(!html.contains("<script>"))
        #expect(html.hasPrefix("<h2 id=\"hi-alert1-there\">Hi <!-- raw HTML omitted -->alert(1)<!-- raw HTML omitted --> there"))
    }

    @Test func codeBlocksGoToTheCodeBlockRendererWhenThereIsOne() {
        let highlighting = MarkdownRenderer(options: .init()) { info, code in
            info == "swift extra" ? HTML("<pre class=\"x\">\(code.count)</pre>") : nil
        }
        let html = highlighting.render("```swift extra\nlet a = 1\n```\n\n```\nplain\n```\n").html.text
        #expect(html == "<pre class=\"x\">10</pre>\n<pre><code>plain\n</code></pre>\n")
    }

    /// The social card shows the body's first image, not a link before it nor an image after it.
    @Test func theFirstImageIsKeptAsWritten() {
        let source = "Intro.\n\nSee [this](../a/#top) and\n![pic](/img/p.png).\n\n- ![second](https://example.org/2.png)\n"
        #expect(renderer.render(source).firstImage == "/img/p.png")
        #expect(renderer.render("A [link](/a.png) only.").firstImage == nil)
    }

    @Test func aLongEnglishPostWithOneChineseWordStaysEnglish() {
        let paragraph = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 100)
        let length = renderer.readingLength(of: Array((paragraph + "\n\n我们 are done.").utf8))
        #expect(length.words == 902)
        #expect(length.cjkCharacters == 2)
        #expect(length.minutes == 4)
    }

    @Test func englishIdentifiersInChineseTextCountAsOneWordEach() {
        // 13 Han characters and three identifiers, a hundred times.
        let sentence = "在UIViewController里调用viewDidLoad方法，然后用UITableView显示数据。"
        let length = renderer.readingLength(of: Array(String(repeating: sentence + "\n", count: 100).utf8))
        #expect(length.words == 300)
        #expect(length.cjkCharacters == 1_300)
        #expect(length.minutes == Int((300 / 230.0 + 1_300 / 450.0).rounded()))
    }

    @Test func codeBlocksAreNotCounted() {
        let code = String(repeating: "let value = compute(input, with: options)\n", count: 500)
        let length = renderer.readingLength(of: Array("Some code, `inline` counted:\n\n```swift\n\(code)```\n\n    indented code\n".utf8))
        #expect(length.words == 4)
        #expect(length.minutes == 1)
    }

    @Test func wordsRunAcrossInlineMarkupButNotAcrossBlocks() {
        let length = renderer.readingLength(of: Array("un*believ*able\nnext\n\n# Title".utf8))
        #expect(length.words == 3)
    }

    /// A build reading a post for the first time renders and outlines it on
    /// one walk; that must give what the two walks a later build makes give.
    @Test(arguments: [
        "## Setup\n\nRead [the guide](../guide/#setup) and ![a chart](/img/c.png).\n\n### Setup\n\n视图控制器的 UIViewController 生命周期",
        "```swift\nlet a = [1](2)\n```\n\nText with `code` and *em* words, a [link](https://notes.example.org/posts/x/#y).\n\n# ???",
        "> quote [q](/posts/q/)\n\n- one\n- two [t](t/)\n\n<div>raw</div>\n\nEnd.",
        "",
    ])
    func oneWalkRendersAndOutlinesAsTwoDo(body: String) throws {
        let base = try #require(BaseURL("https://notes.example.org/"))
        let highlighting = MarkdownRenderer(options: .init())
        let (rendered, outline) = highlighting.renderOutlining(Array(body.utf8), base: base)
        let alone = highlighting.render(body)
        #expect(rendered.html == alone.html)
        #expect(rendered.headings == alone.headings && rendered.firstImage == alone.firstImage)
        #expect(rendered.text == alone.text && rendered.headingText == alone.headingText)
        #expect(outline == highlighting.outline(of: Array(body.utf8), base: base))
        #expect(outline.readingLength.total > 0 || body.isEmpty)
    }

    /// A post whose rendering is not kept is outlined with its text for the
    /// search index; the index must read what rendering the post would give.
    @Test(arguments: [false, true])
    func anOutlineWithTextReadsWhatRenderingReads(unsafeHTML: Bool) throws {
        let base = try #require(BaseURL("https://notes.example.org/"))
        let renderer = MarkdownRenderer(options: .init(unsafeHTML: unsafeHTML))
        let body = "## Set *up*\n\nRead ![a chart](/c.png) the [guide](g/)\nnow.\n\n```swift\nlet hidden = 1\n```\n\n"
            + "> quoted `code`\n\n<div><h3>Raw head</h3><p>raw text</p></div>\n\n视图控制器"
        let walked = renderer.outlineWithText(of: Array(body.utf8), base: base)
        let rendered = renderer.render(body)
        #expect(walked.text == rendered.text && walked.headingText == rendered.headingText)
        #expect(walked.outline == renderer.outline(of: Array(body.utf8), base: base))
        let words = String(decoding: walked.text, as: UTF8.self).split(separator: " ")
        #expect(words.contains("guide") && words.contains("quoted") && words.contains("code") && words.contains("视图控制器"))
        #expect(!words.contains("hidden") && !words.contains("chart"))
        #expect(words.contains("raw") == unsafeHTML)
        #expect(String(decoding: walked.headingText, as: UTF8.self) == "Set up\n" + (unsafeHTML ? "Raw head\n" : ""))
    }

    /// The text is gathered in room as long as the Markdown; a tight list of
    /// short items, a space around each of its blocks, needs more, and keeps every word.
    @Test func textLongerThanItsMarkdownKeepsEveryWord() throws {
        let base = try #require(BaseURL("https://notes.example.org/"))
        let body = (0..<300).map { "- w\($0)\n" }.joined()
        let walked = MarkdownRenderer(options: .init()).outlineWithText(of: Array(body.utf8), base: base)
        #expect(walked.text.count > body.utf8.count)
        let words = String(decoding: walked.text, as: UTF8.self).split(separator: " ").map(String.init)
        #expect(words == (0..<300).map { "w\($0)" })
    }
}
