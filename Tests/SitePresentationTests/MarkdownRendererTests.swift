import Dispatch
import SiteModel
import SitePresentation
import Testing

/// cmark renders into a per-thread arena that the next document reuses, so
/// every result must be a copy that outlives it, on any thread, at any size.
@Suite("Markdown renderer")
struct MarkdownRendererTests {
    private let renderer = MarkdownRenderer(options: .init())

    @Test func aResultOutlivesTheNextRender() {
        let first = renderer.html(from: "# First\n\nOne *two*.")
        let second = renderer.html(from: "Something else entirely, and longer than the first.")
        #expect(first == "<h1 id=\"first\">First <a class=\"heading-anchor\" href=\"#first\" aria-label=\"Link to this section\">#</a></h1>\n<p>One <em>two</em>.</p>\n")
        #expect(second == "<p>Something else entirely, and longer than the first.</p>\n")
    }

    @Test func aDocumentFarLargerThanTheArenaChunkRendersWhole() {
        let count = 40_000  // about 1.2 MB of Markdown
        let markdown = (0..<count).map { "Paragraph number \($0) with `code`." }.joined(separator: "\n\n")
        let html = renderer.html(from: markdown).text
        #expect(html.utf8.count > 1_500_000)
        #expect(html.hasPrefix("<p>Paragraph number 0 with <code>code</code>.</p>\n"))
        #expect(html.hasSuffix("<p>Paragraph number \(count - 1) with <code>code</code>.</p>\n"))
        #expect(html.components(separatedBy: "<p>").count - 1 == count)
        // A small document after the large one still comes out right.
        #expect(renderer.html(from: "*small*") == "<p><em>small</em></p>\n")
    }

    @Test func threadsRenderTheirOwnDocuments() {
        let count = 200
        let results = ResultBox(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let body = String(repeating: "Line \(index) of a [link](/p/\(index)/).\n\n", count: index % 7 + 1)
            results.set(index, renderer.html(from: body).text)
        }
        for index in 0..<count {
            let line = "<p>Line \(index) of a <a href=\"/p/\(index)/\">link</a>.</p>\n"
            #expect(results.value(index) == String(repeating: line, count: index % 7 + 1))
        }
    }

    @Test func anEmptyBodyRendersNothing() {
        #expect(renderer.html(from: "") == "")
    }
}

/// Collects results written from many threads.
private final class ResultBox: @unchecked Sendable {
    private var values: [String]
    private let lock = DispatchSemaphore(value: 1)

    init(count: Int) { values = Array(repeating: "", count: count) }

    func set(_ index: Int, _ value: String) {
        lock.wait()
        values[index] = value
        lock.signal()
    }

    func value(_ index: Int) -> String {
        lock.wait()
        defer { lock.signal() }
        return values[index]
    }
}
