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
            // Text up to the next tag or entity goes over in one copy.
            var end = index
            html.withUnsafeBufferPointer { bytes in
                while end < count, bytes[end] != UInt8(ascii: "<"), bytes[end] != UInt8(ascii: "&") { end += 1 }
            }
            if end > index {
                if inHeading { headings.append(contentsOf: html[index..<end]) } else { body.append(contentsOf: html[index..<end]) }
                index = end
                continue
            }
            if html[index] == UInt8(ascii: "<") {
                let tag = Self.tag(in: html, at: index)
                index = tag.end
                switch tag.name {
                case Self.pre, Self.script, Self.style:
                    if !tag.isClosing { index = Self.end(of: tag.name, in: html, from: index) }
                case _ where Self.isHeading(tag.name):
                    inHeading = !tag.isClosing
                    if !inHeading { headings.append(UInt8(ascii: "\n")) }
                case _ where Self.inlineTags.contains(tag.name):  // a short list: compared one by one
                    break  // inline: a word may run through it
                default:
                    if inHeading { headings.append(32) } else { body.append(32) }
                }
                continue
            }
            if let (decoded, length) = Self.entity(in: html, at: index) {
                if inHeading { headings.append(contentsOf: decoded) } else { body.append(contentsOf: decoded) }
                index += length
            } else {
                if inHeading { headings.append(html[index]) } else { body.append(html[index]) }
                index += 1
            }
        }
    }

    public var bodyText: String { String(decoding: body, as: UTF8.self) }
    public var headingText: String { String(decoding: headings, as: UTF8.self) }

    /// `h1` to `h6`: 'h' in the low byte, a digit from 1 to 6 in the next, nothing after.
    private static func isHeading(_ name: UInt64) -> Bool {
        name & 0xFF == UInt64(UInt8(ascii: "h")) && (UInt64(UInt8(ascii: "1"))...UInt64(UInt8(ascii: "6"))).contains(name >> 8)
    }

    /// A tag's name, lower case, up to eight bytes packed into a number (longer names are cut).
    private static func name(_ text: StaticString) -> UInt64 {
        text.withUTF8Buffer { bytes in bytes.prefix(8).enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) } }
    }

    private static let pre = name("pre"), script = name("script"), style = name("style")
    private static let inlineTags: [UInt64] = [
        name("a"), name("em"), name("strong"), name("code"), name("span"), name("b"), name("i"), name("s"),
        name("del"), name("sup"), name("sub"), name("mark"),
    ]

    private struct Tag {
        var name: UInt64
        var isClosing: Bool
        var end: Int
    }

    /// The tag starting at `start` (`<`): its lowercased name and where it ends
    /// (past `>`, or past a comment's `-->`).
    private static func tag(in html: [UInt8], at start: Int) -> Tag {
        var index = start + 1
        if index + 2 < html.count, html[index] == 33, html[index + 1] == 45, html[index + 2] == 45 {
            var end = index + 3
            while end + 2 < html.count, !(html[end] == 45 && html[end + 1] == 45 && html[end + 2] == 62) { end += 1 }
            return Tag(name: 0, isClosing: false, end: min(end + 3, html.count))
        }
        let isClosing = index < html.count && html[index] == UInt8(ascii: "/")
        if isClosing { index += 1 }
        var name: UInt64 = 0
        var length: UInt64 = 0
        while index < html.count {
            let byte = html[index]
            let isNameByte = (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57)
            guard isNameByte else { break }
            if length < 8 { name |= UInt64(byte | (byte >= 65 && byte <= 90 ? 0x20 : 0)) << (8 * length) }
            length += 1
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
        return Tag(name: name, isClosing: isClosing, end: index)
    }

    /// Where the closing tag of `name` ends, from `index` on; the end of the text when there is none.
    private static func end(of name: UInt64, in html: [UInt8], from index: Int) -> Int {
        var position = index
        while position + 1 < html.count {
            if html[position] == 60, html[position + 1] == UInt8(ascii: "/") {
                let closing = tag(in: html, at: position)
                if closing.name == name { return closing.end }
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
