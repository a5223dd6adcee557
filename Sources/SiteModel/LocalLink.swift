import Foundation

/// Finds the links and images of a Markdown body that name a file beside the
/// post (`![shot](shot.png)`, `[data](files/data.csv)`), so that one whose
/// file is missing is a warning before anything is rendered.
///
/// It reads the link syntax only (`](destination` and `[label]: destination`),
/// outside code spans and fenced code, without parsing the Markdown: it runs
/// on every post file read, and most bodies have no `](` at all. A URL
/// (`https:`, `mailto:`), a root-relative path (`/about/`), a fragment
/// (`#top`) and a path that climbs out of the post's folder (`../other/`)
/// are not files beside the post and are left alone.
public struct LocalLink: Sendable, Hashable {
    /// The path as the file is named: query, fragment and `./` taken off, `%20` decoded.
    public let path: String
    /// Where the link is in the file; nil in a JSON post, whose body is one string.
    public let location: SourceLocation?

    /// Every local link of `body`; `firstLine` is the file's line where the body starts, if it starts a line.
    static func find(in body: UnsafeBufferPointer<UInt8>, firstLine: Int?) -> [LocalLink] {
        guard mayHaveLocalLinks(body) else { return [] }
        var links: [LocalLink] = []
        var line = 0
        var index = 0
        var fence: UInt8?
        while index < body.count {
            let end = lineEnd(from: index, in: body)
            let text = UnsafeBufferPointer(rebasing: body[index..<end])
            if let marker = fenceMarker(text) {
                if fence == nil { fence = marker } else if fence == marker { fence = nil }
            } else if fence == nil {
                for (path, column) in destinations(in: text) {
                    links.append(LocalLink(path: path, location: firstLine.map { SourceLocation(line: $0 + line, column: column) }))
                }
            }
            index = end + 1
            line += 1
        }
        return links
    }

    /// True when some `](` or `]:` is followed by a local path: a quick
    /// look (memchr from one `]` to the next) that spares the careful one to
    /// the many bodies whose links are all URLs.
    static func mayHaveLocalLinks(_ body: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = body.baseAddress else { return false }
        var index = 0
        while index + 1 < body.count, let found = memchr(base + index, Int32(UInt8(ascii: "]")), body.count - index) {
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if at + 1 < body.count, body[at + 1] == UInt8(ascii: "(") || body[at + 1] == UInt8(ascii: ":"),
               localPath(from: at + 2, in: body) != nil {
                return true
            }
            index = at + 1
        }
        return false
    }

    private static func lineEnd(from start: Int, in body: UnsafeBufferPointer<UInt8>) -> Int {
        var end = start
        while end < body.count, body[end] != UInt8(ascii: "\n") { end += 1 }
        return end
    }

    /// "`" or "~" when the line opens or closes a fenced code block.
    private static func fenceMarker(_ line: UnsafeBufferPointer<UInt8>) -> UInt8? {
        let trimmed = line.drop { $0 == UInt8(ascii: " ") }
        guard let first = trimmed.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~"),
              trimmed.prefix(3).count == 3, trimmed.prefix(3).allSatisfy({ $0 == first }) else { return nil }
        return first
    }

    /// The local destinations of one line, outside its code spans, with the column where each starts.
    private static func destinations(in line: UnsafeBufferPointer<UInt8>) -> [(String, Int)] {
        var found: [(String, Int)] = []
        var index = 0
        var inCode = false
        while index < line.count {
            let byte = line[index]
            if byte == UInt8(ascii: "`") {
                inCode.toggle()
            } else if !inCode, byte == UInt8(ascii: "]"), index + 1 < line.count,
                      line[index + 1] == UInt8(ascii: "(") || (line[index + 1] == UInt8(ascii: ":") && isDefinition(line, closing: index)) {
                if let (path, start) = localPath(from: index + 2, in: line) {
                    found.append((path, 1 + line[..<start].count { $0 & 0xC0 != 0x80 }))
                }
            }
            index += 1
        }
        return found
    }

    /// `[label]: destination` counts only at the start of a line.
    private static func isDefinition(_ line: UnsafeBufferPointer<UInt8>, closing: Int) -> Bool {
        let indent = line.prefix { $0 == UInt8(ascii: " ") }.count
        return indent < 4 && indent < line.count && line[indent] == UInt8(ascii: "[")
    }

    /// The local path of the destination after `start`, and the index where it begins.
    private static func localPath(from start: Int, in line: UnsafeBufferPointer<UInt8>) -> (String, Int)? {
        var index = start
        while index < line.count, line[index] == UInt8(ascii: " ") || line[index] == UInt8(ascii: "\t") { index += 1 }
        var end = index
        if index < line.count, line[index] == UInt8(ascii: "<") {
            index += 1
            end = index
            while end < line.count, line[end] != UInt8(ascii: ">"), line[end] != UInt8(ascii: "\n") { end += 1 }
        } else {
            while end < line.count, !Self.endsDestination(line[end]) { end += 1 }
        }
        let bytes = UnsafeBufferPointer(rebasing: line[index..<end])
        // Most destinations are URLs: told apart on the bytes, before any String is made.
        guard let first = bytes.first, ![UInt8(ascii: "/"), UInt8(ascii: "#"), UInt8(ascii: "?")].contains(first),
              !startsWithScheme(bytes) else { return nil }
        return filePath(String(decoding: bytes, as: UTF8.self)).map { ($0, index) }
    }

    /// `https:`, `mailto:`: an ASCII letter, then letters, digits, `+`, `-` or `.`, then a colon.
    private static func startsWithScheme(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, (first | 0x20) >= UInt8(ascii: "a"), (first | 0x20) <= UInt8(ascii: "z") else { return false }
        for byte in bytes.dropFirst() {
            switch byte {
            case UInt8(ascii: ":"): return true
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."): continue
            default: return false
            }
        }
        return false
    }

    private static func endsDestination(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ")"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\""): true
        default: false
        }
    }

    /// The file a destination names in the post's folder, or nil when it names none there.
    static func filePath(_ destination: String) -> String? {
        var path = Substring(destination)
        if let cut = path.firstIndex(where: { $0 == "#" || $0 == "?" }) { path = path[..<cut] }
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        guard let first = path.first, first != "/", first != "\\", !hasScheme(path),
              !path.split(separator: "/").contains("..") else { return nil }
        return String(path).removingPercentEncoding ?? String(path)
    }

    /// `https:`, `mailto:`: a letter, then letters, digits, `+`, `-` or `.`, then a colon.
    private static func hasScheme(_ path: Substring) -> Bool {
        guard let colon = path.firstIndex(of: ":"), let first = path.first, first.isASCII, first.isLetter else { return false }
        return path[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }
}
