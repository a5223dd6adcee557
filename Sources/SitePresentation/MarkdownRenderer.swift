import CCmark
import CMarkdown
import SiteModel

/// CommonMark to HTML through cmark: parse, one walk over the tree
/// (`MarkdownWalk`: heading ids, code blocks, links, reading length),
/// render. Safe by default: raw HTML becomes a comment and `javascript:`,
/// `vbscript:`, `file:` and `data:` links are emptied.
public struct MarkdownRenderer: Sendable {
    /// Turns a fenced or indented code block (its info string, whose first
    /// word is the language, and its text as UTF-8 bytes, cmark's own, valid
    /// only during the call) into the HTML that replaces it; nil leaves the
    /// block to cmark.
    public typealias CodeBlockRenderer = @Sendable (_ info: String, _ code: UnsafeBufferPointer<UInt8>) -> HTML?

    private let options: Int32
    private let codeBlocks: CodeBlockRenderer?
    private let highlighting: String

    /// Without a code block renderer, code is highlighted as the options say
    /// (`CodeHighlighting`).
    public init(options: SiteConfig.MarkdownOptions, codeBlocks: CodeBlockRenderer? = nil) {
        var flags = CMARK_OPT_DEFAULT
        if options.unsafeHTML { flags |= CMARK_OPT_UNSAFE }
        if options.smartPunctuation { flags |= CMARK_OPT_SMART }
        self.options = flags
        self.codeBlocks = codeBlocks ?? CodeHighlighting.renderer(for: options)
        highlighting = codeBlocks == nil ? CodeHighlighting.identity(of: options) : " custom code blocks"
    }

    /// Names the renderer and its options: a different one may render the same source differently.
    public var identity: String {
        "cmark \(String(cString: cmark_version_string())) options \(options) anchors 2\(highlighting)"
    }

    public func html(from markdown: String) -> HTML {
        render(markdown).html
    }

    public func html(from markdown: [UInt8]) -> HTML {
        render(markdown).html
    }

    public func render(_ markdown: String) -> RenderedMarkdown {
        var source = markdown
        return source.withUTF8(render)
    }

    public func render(_ markdown: [UInt8]) -> RenderedMarkdown {
        markdown.withUnsafeBufferPointer(render)
    }

    /// A body's outline (reading length, heading ids as its page gives
    /// them, the links that may point inside the site at `base`, placed in
    /// the body; every link without a base): parsed and walked, not rendered.
    public func outline(of markdown: [UInt8], base: BaseURL? = nil) -> BodyOutline {
        markdown.withUnsafeBufferPointer { bytes in
            var walk = MarkdownWalk(outlining: bytes, keeping: SiteLinkFilter(base: base))
            if let document = parse(bytes) { walk.walk(document) }
            return BodyOutline(readingLength: walk.length, headings: walk.headings.map { BodyHeading(level: $0.level, id: $0.id) },
                               links: walk.placedLinks)
        }
    }

    /// The rendering and the outline of a body, from one parse and one walk:
    /// what a build reading a post for the first time both needs. The text
    /// the search index reads (`RenderedMarkdown.text`, `headingText`) is
    /// gathered only `collectingText`: a site without search has no use for it.
    public func renderOutlining(_ markdown: [UInt8], base: BaseURL? = nil,
                                collectingText: Bool = true) -> (RenderedMarkdown, BodyOutline) {
        markdown.withUnsafeBufferPointer { bytes in
            var walk = MarkdownWalk(outliningAndRewriting: bytes, keeping: SiteLinkFilter(base: base), codeBlocks: codeBlocks,
                                    collectingText: collectingText)
            let rendered = render(bytes, walk: &walk)
            let outline = BodyOutline(readingLength: walk.length, headings: walk.headings.map { BodyHeading(level: $0.level, id: $0.id) },
                                      links: walk.placedLinks)
            return (rendered, outline)
        }
    }

    /// The outline and the text the search index reads, as `render` gives
    /// them (`RenderedMarkdown.text` and `headingText`), from one parse and
    /// one walk, with nothing rendered: for a post whose rendering is not kept.
    public func outlineWithText(of markdown: [UInt8], base: BaseURL? = nil) -> (outline: BodyOutline, text: [UInt8], headingText: [UInt8]) {
        markdown.withUnsafeBufferPointer { bytes in
            var walk = MarkdownWalk(outlining: bytes, keeping: SiteLinkFilter(base: base), collectingText: true)
            if let document = parse(bytes) { walk.walk(document) }
            let outline = BodyOutline(readingLength: walk.length, headings: walk.headings.map { BodyHeading(level: $0.level, id: $0.id) },
                                      links: walk.placedLinks)
            let (text, headingText) = searchText(of: walk)
            return (outline, text, headingText)
        }
    }

    public func readingLength(of markdown: [UInt8]) -> ReadingLength {
        outline(of: markdown).readingLength
    }

    private func render(_ bytes: UnsafeBufferPointer<UInt8>) -> RenderedMarkdown {
        var walk = MarkdownWalk(rewrites: true, codeBlocks: codeBlocks)
        return render(bytes, walk: &walk)
    }

    private func render(_ bytes: UnsafeBufferPointer<UInt8>, walk: inout MarkdownWalk) -> RenderedMarkdown {
        guard let document = parse(bytes) else { return RenderedMarkdown(html: HTML(utf8: []), headings: [], firstImage: nil) }
        walk.walk(document)
        var length = 0
        guard let rendered = sitegen_markdown_render(document, options, &length) else {
            return RenderedMarkdown(html: HTML(utf8: []), headings: walk.headings, firstImage: walk.firstImage)
        }
        // The arena owns the text until this thread parses again: copy it now.
        let html = rendered.withMemoryRebound(to: UInt8.self, capacity: length) { html in
            HTML(utf8: Array(UnsafeBufferPointer(start: html, count: length)))
        }
        var result = RenderedMarkdown(html: html, headings: walk.headings, firstImage: walk.firstImage)
        if walk.collectsText { (result.text, result.headingText) = searchText(of: walk) }
        return result
    }

    /// The text outside headings and that of the headings, one a line, from a walk that collected text.
    private func searchText(of walk: MarkdownWalk) -> (text: [UInt8], headingText: [UInt8]) {
        var text = walk.text
        var headingText: [UInt8] = []
        headingText.reserveCapacity(walk.headings.reduce(0) { $0 + $1.title.utf8.count + 1 })
        for heading in walk.headings {
            // In place: appending the `utf8` view went a byte at a time.
            if heading.title.utf8.withContiguousStorageIfAvailable({ headingText.append(contentsOf: $0) }) == nil {
                headingText.append(contentsOf: heading.title.utf8)
            }
            headingText.append(0x0A)
        }
        // Raw HTML shows only when let through; its text is read as the page's would be.
        if options & CMARK_OPT_UNSAFE != 0, !walk.rawHTML.isEmpty {
            let raw = HTMLText(html: walk.rawHTML)
            text.append(0x20)
            text.append(contentsOf: raw.body)
            headingText.append(contentsOf: raw.headings)
        }
        return (text, headingText)
    }

    private func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> OpaquePointer? {
        // An empty buffer may have no address; cmark still wants one.
        let empty: [CChar] = [0]
        return empty.withUnsafeBufferPointer { fallback in
            let text = bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) } ?? fallback.baseAddress
            return sitegen_markdown_parse(text, bytes.count, options)
        }
    }
}
