/// The text a reader sees in a post's rendered body, for the search index:
/// tags dropped, entities decoded, the contents of code blocks (`<pre>`),
/// scripts and styles left out, and the text of headings kept apart, since
/// a match there ranks with the title. Works on cmark's output (and on raw
/// HTML the site lets through) without building a tree: one pass over the bytes.
public struct HTMLText: Sendable, Equatable {
    /// Text outside headings, words separated by at least one space.
    public var body: [UInt8] = []
    /// Text of `<h1>`–`<h6>`, each heading followed by a newline.
    public var headings: [UInt8] = []

    public init(html: [UInt8]) {
        body.reserveCapacity(html.count)
        var index = 0
        let count = html.count
        var inHeading = false
        while index < count {
            let byte = html[index]
            if byte == UInt8(ascii: "<") {
                let tag = Self.tag(in: html, at: index)
                index = tag.end
                switch tag.name {
                case "pre", "script", "style":
                    if !tag.isClosing { index = Self.end(of: tag.name, in: html, from: index) }
                case "h1", "h2", "h3", "h4", "h5", "h6":
                    inHeading = !tag.isClosing
                    if !inHeading { headings.append(UInt8(ascii: "\n")) }
                case "a", "em", "strong", "code", "span", "b", "i", "s", "del", "sup", "sub", "mark":
                    break  // inline: a word may run through it
                default:
                    if inHeading { headings.append(32) } else { body.append(32) }
                }
                continue
            }
            if byte == UInt8(ascii: "&"), let (decoded, length) = Self.entity(in: html, at: index) {
                if inHeading { headings.append(contentsOf: decoded) } else { body.append(contentsOf: decoded) }
                index += length
                continue
            }
            if inHeading { headings.append(byte) } else { body.append(byte) }
            index += 1
        }
    }

    public var bodyText: String { String(decoding: body, as: UTF8.self) }
    public var headingText: String { String(decoding: headings, as: UTF8.self) }

    private struct Tag {
        var name: String
        var isClosing: Bool
        var end: Int
    }

    /// The tag starting at `start` (`<`): its lowercased name and where it ends
    /// (past `>`, or past a comment's `-->`).
    private static func tag(in html: [UInt8], at start: Int) -> Tag {
        var index = start + 1
        if html[index...].starts(with: Array("!--".utf8)) {
            var end = index + 3
            while end + 2 < html.count, !(html[end] == 45 && html[end + 1] == 45 && html[end + 2] == 62) { end += 1 }
            return Tag(name: "!--", isClosing: false, end: min(end + 3, html.count))
        }
        let isClosing = index < html.count && html[index] == UInt8(ascii: "/")
        if isClosing { index += 1 }
        var name: [UInt8] = []
        while index < html.count, name.count < 16 {
            let byte = html[index]
            let isNameByte = (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57)
            guard isNameByte else { break }
            name.append(byte | (byte >= 65 && byte <= 90 ? 0x20 : 0))
            index += 1
        }
        var quote: UInt8?
        while index < html.count {
            let byte = html[index]
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == 34 || byte == 39 {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                break
            }
        }
        return Tag(name: String(decoding: name, as: UTF8.self), isClosing: isClosing, end: index)
    }

    /// Where the closing tag of `name` ends, from `index` on; the end of the text when there is none.
    private static func end(of name: String, in html: [UInt8], from index: Int) -> Int {
        let closing = Array("</\(name)".utf8)
        var position = index
        while position + closing.count <= html.count {
            if html[position] == 60, zip(closing, html[position...]).allSatisfy({ $0 == ($1 | ($1 >= 65 && $1 <= 90 ? 0x20 : 0)) }) {
                return tag(in: html, at: position).end
            }
            position += 1
        }
        return html.count
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
    ]

    /// The character an entity at `start` stands for, and the entity's length.
    private static func entity(in html: [UInt8], at start: Int) -> ([UInt8], Int)? {
        guard let semicolon = html[start..<min(html.count, start + 12)].firstIndex(of: UInt8(ascii: ";")) else { return nil }
        let name = String(decoding: html[(start + 1)..<semicolon], as: UTF8.self)
        let length = semicolon - start + 1
        if let text = named[name] { return (Array(text.utf8), length) }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        guard let value, let scalar = Unicode.Scalar(value) else { return nil }
        return (Array(String(scalar).utf8), length)
    }
}
