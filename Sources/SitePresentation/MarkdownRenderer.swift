import CCmark
#if canImport(Glibc)
import Glibc
#endif
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

    public func html(from markdown: String) -> String {
        var source = markdown
        return source.withUTF8 { bytes in
            guard let base = bytes.baseAddress,
                  let rendered = base.withMemoryRebound(to: CChar.self, capacity: bytes.count, { text in
                      cmark_markdown_to_html(text, bytes.count, options)
                  })
            else { return "" }
            defer { free(rendered) }
            return String(cString: rendered)
        }
    }
}
