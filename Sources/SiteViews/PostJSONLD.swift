import SitePresentation

/// The JSON-LD `BlogPosting` of a post page, for `<script type="application/ld+json">`:
/// JSON-escaped, and safe inside a script element (`<`, `>`, `&` and the
/// line and paragraph separators U+2028/2029 as `\u` escapes).
enum PostJSONLD {
    static func bytes(_ page: PostPageViewModel) -> [UInt8] {
        var json = JSONWriter()
        json.beginObject()
        json.field("@context", "https://schema.org")
        json.field("@type", "BlogPosting")
        json.field("headline", page.title)
        json.field("description", page.summary)
        json.field("url", page.chrome.canonicalURL)
        json.field("mainEntityOfPage", page.chrome.canonicalURL)
        if let published = page.publishedTime { json.field("datePublished", published) }
        if let updated = page.machineUpdated ?? page.publishedTime { json.field("dateModified", updated) }
        if !page.author.isEmpty {
            json.key("author")
            json.beginObject()
            json.field("@type", "Person")
            json.field("name", page.author)
            json.endObject()
        }
        if !page.tags.isEmpty { json.field("keywords", page.tags.map(\.title).joined(separator: ", ")) }
        if let image = page.imageURL { json.field("image", image) }
        json.field("wordCount", .int(page.wordCount))
        json.endObject()
        return separatorsEscaped(json.bytes)
    }

    /// U+2028 and U+2029 (E2 80 A8/A9) end a line in older JavaScript; JSON allows them raw.
    private static func separatorsEscaped(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(0xE2) else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
               bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                output.append(contentsOf: (bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }
}
