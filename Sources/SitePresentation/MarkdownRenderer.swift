import CCmark
import CMarkdown
import SiteModel

/// CommonMark to HTML through cmark. Safe by default: raw HTML becomes a
/// comment and `javascript:`, `vbscript:`, `file:` and `data:` links are emptied.
public struct MarkdownRenderer: Sendable {
    private let options: Int32

    public init(options: SiteConfig.MarkdownOptions) {
        var flags = CMARK_OPT_DEFAULT
        if options.unsafeHTML { flags |= CMARK_OPT_UNSAFE }
        if options.smartPunctuation { flags |= CMARK_OPT_SMART }
        self.options = flags
    }

    /// Names the renderer and its options: a different one may render the same source differently.
    public var identity: String {
        "cmark \(String(cString: cmark_version_string())) options \(options)"
    }

    public func html(from markdown: String) -> HTML {
        var source = markdown
        return source.withUTF8(html)
    }

    public func html(from markdown: [UInt8]) -> HTML {
        markdown.withUnsafeBufferPointer(html)
    }

    private func html(_ bytes: UnsafeBufferPointer<UInt8>) -> HTML {
        var length = 0
        guard let base = bytes.baseAddress,
              let rendered = base.withMemoryRebound(to: CChar.self, capacity: bytes.count, { text in
                  sitegen_markdown_to_html(text, bytes.count, options, &length)
              })
        else { return HTML(utf8: []) }
        // The arena owns the text until this thread renders again: copy it now.
        return rendered.withMemoryRebound(to: UInt8.self, capacity: length) { html in
            HTML(utf8: Array(UnsafeBufferPointer(start: html, count: length)))
        }
    }
}
