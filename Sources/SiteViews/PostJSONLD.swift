#if canImport(Glibc)
import Glibc
#endif
import SitePresentation

/// The JSON-LD `BlogPosting` of a post page, for `<script type="application/ld+json">`:
/// JSON-escaped, and safe inside a script element (`<`, `>`, `&` and the
/// line and paragraph separators U+2028/2029 as `\u` escapes).
enum PostJSONLD {
    static func bytes(_ page: PostPageViewModel) -> [UInt8] {
        // Room for the usual post's: growing from nothing took five copies.
        var json = JSONWriter(capacity: 1024)
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
        if !page.tags.isEmpty { json.field("keywords", joining: page.tags.map(\.title), separator: ", ") }
        if let image = page.imageURL { json.field("image", image) }
        json.field("wordCount", .int(page.wordCount))
        json.endObject()
        return separatorsEscaped(json.bytes)
    }

    /// U+2028 and U+2029 (E2 80 A8/A9) end a line in older JavaScript; JSON
    /// allows them raw. Their lead byte is looked for with `memchr` (it also
    /// leads dashes and quotes, common in titles); the runs between are copied whole.
    private static func separatorsEscaped(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBufferPointer { text -> [UInt8] in
            guard let base = text.baseAddress else { return bytes }
            var output: [UInt8] = []
            var copied = 0
            var index = 0
            while index < text.count, let found = memchr(base + index, 0xE2, text.count - index) {
                let lead = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                index = lead + 1
                guard lead + 2 < text.count, text[lead + 1] == 0x80, text[lead + 2] == 0xA8 || text[lead + 2] == 0xA9 else {
                    continue
                }
                if output.isEmpty { output.reserveCapacity(text.count + 16) }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied..<lead]))
                output.append(contentsOf: (text[lead + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                copied = lead + 3
                index = copied
            }
            guard copied > 0 else { return bytes }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied...]))
            return output
        }
    }
}
