#if canImport(Glibc)
import Glibc
#endif
import CCmark
import CMarkdown
import SiteModel

/// One pass over a parsed body, in cmark's tree, before it is rendered:
/// headings become elements with ids and a self-link, fenced code goes to
/// the code block renderer when there is one, and the walk notes headings,
/// links and the reading length. The tree lives in the thread's arena
/// (see CMarkdown.h), so every node made here comes from it too.
struct MarkdownWalk {
    /// Rewriting for rendering (ids, code blocks, links), or outlining (reading length, heading ids,
    /// links placed in the source): a build outlines once, when it reads the post, and renders
    /// later, maybe not at all. Both give headings the same ids.
    let rewrites: Bool
    /// Whether the walk counts the reading length and places the links in the source.
    private var outlines = false
    /// Whether the walk keeps the text the search index reads (`text`,
    /// `rawHTML`): always when rewriting, and on an outline for the index alone.
    private(set) var collectsText = false
    let codeBlocks: MarkdownRenderer.CodeBlockRenderer?
    private(set) var headings: [RenderedMarkdown.Heading] = []
    /// The first image's destination, as written: the social card's picture.
    private(set) var firstImage: String?
    private(set) var length = ReadingLength()
    /// Outlining: the text the reading length counts, a space where a word
    /// ends (a block, a line break), counted once the walk is over. Counted
    /// a text node at a time, each count's set-up cost more than its bytes.
    private var readingText: TextRoom?
    /// Outlining only: each link with where its destination is written in `source`.
    private(set) var placedLinks: [BodyLink] = []
    private var anchors = HeadingAnchors()
    /// The text a reader sees outside headings, for the search index: code
    /// blocks and images' alt text left out, a space between blocks.
    var text: [UInt8] { textRoom?.bytes ?? [] }
    /// Where `text` is gathered, when the walk collects it.
    private var textRoom: TextRoom?
    /// Raw HTML blocks as written, for a renderer that lets them through to
    /// read the text of (inline raw HTML is tags alone: the text between is `text`).
    private(set) var rawHTML: [UInt8] = []
    /// The text of the heading being walked, when `inHeading`; kept between headings for its room.
    private var headingText: [UInt8] = []
    private var inHeading = false
    /// A heading's tags, made in this one buffer for every heading of the body.
    private var tag: [UInt8] = []
    private var imageDepth = 0
    private var places: LinkPlaces?
    private var filter = SiteLinkFilter(base: nil)

    /// `rewrites` false: the walk only outlines, and leaves the tree as it is.
    init(rewrites: Bool, codeBlocks: MarkdownRenderer.CodeBlockRenderer?) {
        self.rewrites = rewrites
        self.codeBlocks = codeBlocks
        collectsText = rewrites
    }

    /// An outlining walk over the tree parsed from `source`, which places in
    /// it the links that `filter` says may point inside the site, and keeps
    /// the text of the body when `collectingText`, as rendering would.
    init(outlining source: UnsafeBufferPointer<UInt8>, keeping filter: SiteLinkFilter, collectingText: Bool = false) {
        self.init(rewrites: false, codeBlocks: nil)
        outlines = true
        readingText = TextRoom(capacity: source.count)
        collectsText = collectingText
        places = LinkPlaces(source: source)
        self.filter = filter
        reserveText(for: source)
    }

    /// A walk that rewrites for rendering and outlines on the same pass, for
    /// a body read for the first time and rendered right away; it keeps the
    /// text only `collectingText` (for a site with a search index).
    init(outliningAndRewriting source: UnsafeBufferPointer<UInt8>, keeping filter: SiteLinkFilter,
         codeBlocks: MarkdownRenderer.CodeBlockRenderer?, collectingText: Bool) {
        self.init(rewrites: true, codeBlocks: codeBlocks)
        outlines = true
        readingText = TextRoom(capacity: source.count)
        collectsText = collectingText
        places = LinkPlaces(source: source)
        self.filter = filter
        reserveText(for: source)
    }

    /// The text a reader sees is seldom longer than the Markdown it comes
    /// from: room for that much, made once, spares the growing array its
    /// copies (about ten a body).
    private mutating func reserveText(for source: UnsafeBufferPointer<UInt8>) {
        if collectsText { textRoom = TextRoom(capacity: source.count) }
    }

    mutating func walk(_ document: OpaquePointer) {
        if collectsText, textRoom == nil { textRoom = TextRoom(capacity: 1024) }
        guard let iterator = cmark_iter_new(document) else { return }
        defer {
            cmark_iter_free(iterator)
            readingText?.withBytes { length.add($0) }
        }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let entering = event == CMARK_EVENT_ENTER
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                // The literal is measured once for all that read it.
                Self.literal(of: node) { literal in
                    if inHeading {
                        headingText.append(contentsOf: literal)
                    } else if imageDepth == 0 {
                        textRoom?.append(literal)
                    }
                    readingText?.append(literal)
                }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                readingText?.append(0x20)
                if inHeading { headingText.append(0x20) } else { textRoom?.append(0x20) }
            case CMARK_NODE_HEADING:
                readingText?.append(0x20)
                if entering {
                    inHeading = true
                    headingText.removeAll(keepingCapacity: true)
                    places?.enterBlock(node)
                } else if let replacement = heading(node) {
                    cmark_iter_reset(iterator, replacement, CMARK_EVENT_EXIT)
                }
            case CMARK_NODE_CODE_BLOCK:
                if let replacement = codeBlock(node) { cmark_iter_reset(iterator, replacement, CMARK_EVENT_EXIT) }
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                if collectsText, cmark_node_get_type(node) == CMARK_NODE_IMAGE { imageDepth += entering ? 1 : -1 }
                if entering, let url = cmark_node_get_url(node) {
                    if rewrites, firstImage == nil, cmark_node_get_type(node) == CMARK_NODE_IMAGE {
                        firstImage = String(cString: url)
                    }
                    if places != nil, url.withMemoryRebound(to: UInt8.self, capacity: 1, {
                        filter.mayPointInside(UnsafeBufferPointer(start: $0, count: strlen(url)))
                    }), let offset = places?.offset(of: url, link: node) {
                        placedLinks.append(BodyLink(destination: String(cString: url), offset: offset))
                    }
                }
            case CMARK_NODE_PARAGRAPH, CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_ITEM, CMARK_NODE_LIST, CMARK_NODE_HTML_BLOCK:
                readingText?.append(0x20)
                if entering, cmark_node_get_type(node) == CMARK_NODE_PARAGRAPH { places?.enterBlock(node) }
                textRoom?.append(0x20)
                if collectsText, cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK {
                    Self.literal(of: node) { rawHTML.append(contentsOf: $0) }
                    rawHTML.append(0x0A)
                }
            default:
                break
            }
        }
    }

    /// Gives a heading, on leaving it, its id; when rewriting, replaces it by
    /// a custom inline that writes the element with its id and self-link
    /// around the heading's own inlines (custom nodes render as written, also
    /// in safe mode), inside an empty custom block (a document holds only
    /// blocks; an empty one writes nothing).
    private mutating func heading(_ node: OpaquePointer) -> OpaquePointer? {
        inHeading = false
        let level = Int(cmark_node_get_heading_level(node))
        let id = anchors.id(for: headingText)
        if headings.isEmpty { headings.reserveCapacity(8) }
        headings.append(.init(level: level, title: String(decoding: headingText, as: UTF8.self), id: String(decoding: id, as: UTF8.self)))
        guard rewrites, let block = sitegen_markdown_new_node(Int32(CMARK_NODE_CUSTOM_BLOCK.rawValue)),
              let element = sitegen_markdown_new_node(Int32(CMARK_NODE_CUSTOM_INLINE.rawValue)) else { return nil }
        // The id is made of letters, digits, `-` and `_` (HeadingAnchors.slug): nothing to escape.
        let digit = UInt8(ascii: "0") + UInt8(clamping: level)
        tag.removeAll(keepingCapacity: true)
        tag.append(UInt8(ascii: "<"))
        tag.append(UInt8(ascii: "h"))
        tag.append(digit)
        setTag(of: element, Self.idStart, id, Self.idEnd, cmark_node_set_on_enter)
        setTag(of: element, Self.anchorStart, id, Self.anchorEnd, cmark_node_set_on_exit) { tag in
            tag.append(digit)
            tag.append(UInt8(ascii: ">"))
        }
        while let child = cmark_node_first_child(node) {
            cmark_node_unlink(child)
            cmark_node_append_child(element, child)
        }
        cmark_node_append_child(block, element)
        cmark_node_replace(node, block)
        return block
    }

    /// Hands a code block to the code block renderer and puts what it
    /// returns in the block's place; nil when the block stays cmark's.
    private func codeBlock(_ node: OpaquePointer) -> OpaquePointer? {
        guard rewrites, let codeBlocks else { return nil }
        let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
        var rendered: HTML?
        Self.literal(of: node) { rendered = codeBlocks(info, $0) }
        guard let html = rendered,
              let block = sitegen_markdown_new_node(Int32(CMARK_NODE_CUSTOM_BLOCK.rawValue)) else { return nil }
        var text = html.utf8
        text.append(0)
        text.withUnsafeBufferPointer { cString in
            cString.withMemoryRebound(to: CChar.self) { _ = cmark_node_set_on_enter(block, $0.baseAddress) }
        }
        cmark_node_replace(node, block)
        return block
    }

    /// What stands around the id in a heading's opening tag and in its self-link.
    private static let idStart = Array(" id=\"".utf8)
    private static let idEnd = Array("\">".utf8)
    private static let anchorStart = Array(" <a class=\"heading-anchor\" href=\"#".utf8)
    private static let anchorEnd = Array("\" aria-label=\"Link to this section\">#</a></h".utf8)

    /// Hands `set` the node and what `tag` holds followed by `before`, `id`,
    /// `after` and what `finish` adds, as one C string (cmark copies it), and
    /// empties `tag`: one buffer serves every tag of the body.
    private mutating func setTag(of node: OpaquePointer, _ before: [UInt8], _ id: [UInt8], _ after: [UInt8],
                                 _ set: (OpaquePointer, UnsafePointer<CChar>) -> Int32, finish: (inout [UInt8]) -> Void = { _ in }) {
        tag.append(contentsOf: before)
        tag.append(contentsOf: id)
        tag.append(contentsOf: after)
        finish(&tag)
        tag.append(0)
        tag.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { if let start = $0.baseAddress { _ = set(node, start) } }
        }
        tag.removeAll(keepingCapacity: true)
    }

    /// Gives `body` the node's text, or no bytes when it has none.
    private static func literal(of node: OpaquePointer, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard let text = cmark_node_get_literal(node) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        text.withMemoryRebound(to: UInt8.self, capacity: 1) { bytes in
            body(UnsafeBufferPointer(start: bytes, count: strlen(text)))
        }
    }
}
