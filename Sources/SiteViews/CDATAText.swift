#if canImport(Glibc)
import Glibc
#endif

/// Text for inside an XML CDATA section (`<![CDATA[…]]>`), which a feed
/// reader takes exactly as written. A feed's entries hold each post's whole
/// body: as CDATA it is copied as it is, where escaping it (every `<`, `>`,
/// `&` and `"` of the markup) took a pass over it for each feed showing the
/// post and made it a quarter longer. Only `]]>` would end the section
/// early; it is split across two sections, `]]]]><![CDATA[>`.
enum CDATAText {
    static func bytes(_ text: [UInt8]) -> [UInt8] {
        text.withUnsafeBufferPointer { source -> [UInt8] in
            guard let base = source.baseAddress else { return text }
            var output: [UInt8] = []
            var copied = 0
            var index = 0
            // `]` is rare in HTML: it is looked for with `memchr`, and the two bytes after it checked.
            while index < source.count, let found = memchr(base + index, Int32(UInt8(ascii: "]")), source.count - index) {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                index = at + 1
                guard at + 2 < source.count, source[at + 1] == UInt8(ascii: "]"), source[at + 2] == UInt8(ascii: ">") else {
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied..<at]))
                output.append(contentsOf: "]]]]><![CDATA[>".utf8)
                copied = at + 3
                index = copied
            }
            guard copied > 0 else { return text }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied...]))
            return output
        }
    }
}
