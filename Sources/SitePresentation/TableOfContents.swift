/// One entry of a post's table of contents: an `h2` with its `h3`s, or an
/// `h3` that comes before any `h2`.
public struct TableOfContentsEntry: Sendable, Hashable {
    public let title: String
    /// `#id`, the fragment of the heading's element.
    public let url: String
    public let children: [TableOfContentsEntry]

    /// The `h2`–`h3` headings of a body as a nested list; other levels are left out.
    static func entries(_ headings: [RenderedMarkdown.Heading]) -> [TableOfContentsEntry] {
        var entries: [(title: String, url: String, children: [TableOfContentsEntry])] = []
        var openSection = false
        for heading in headings where heading.level == 2 || heading.level == 3 {
            let url = String(joining: "#", heading.id)
            if heading.level == 3, openSection, let last = entries.indices.last {
                entries[last].children.append(TableOfContentsEntry(title: heading.title, url: url, children: []))
            } else {
                entries.append((heading.title, url, []))
                openSection = heading.level == 2
            }
        }
        return entries.map { TableOfContentsEntry(title: $0.title, url: $0.url, children: $0.children) }
    }
}
