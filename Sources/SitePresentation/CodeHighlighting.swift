import Highlight
import SiteModel

/// The code block renderer a site's settings ask for: fenced blocks in a
/// known language are highlighted; blocks that ask for line numbers or
/// marked lines get them whatever their language; every other block stays
/// cmark's, byte for byte.
enum CodeHighlighting {
    /// Changes whenever the highlighter may classify the same code
    /// differently, so that cached pages are rendered again.
    static let version = 1

    static func renderer(for options: SiteConfig.MarkdownOptions) -> MarkdownRenderer.CodeBlockRenderer? {
        guard options.highlight else { return nil }
        let siteLineNumbers = options.lineNumbers
        return { info, code in
            let block = CodeBlockInfo(info)
            let lineNumbers = block.lineNumbers ?? (siteLineNumbers && block.language != nil)
            guard block.language != nil || lineNumbers || !block.markedLines.isEmpty else { return nil }
            return HTML(utf8: CodeBlockHTML.render(code, info: block, lineNumbers: lineNumbers))
        }
    }

    /// What `MarkdownRenderer.identity` adds for these settings.
    static func identity(of options: SiteConfig.MarkdownOptions) -> String {
        options.highlight ? " highlight \(version) lines \(options.lineNumbers)" : ""
    }
}
