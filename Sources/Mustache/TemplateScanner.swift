/// Splits template bytes into text and tags. It follows set-delimiter tags as
/// it goes, so no later pass ever thinks about delimiters.
struct TemplateScanner {
    /// Long delimiters would make searching for them slow on hostile input,
    /// and no real template needs more.
    static let maximumDelimiterLength = 32

    private let source: Source
    private var opening = Array("{{".utf8)
    private var closing = Array("}}".utf8)

    private init(source: Source) {
        self.source = source
    }

    static func tokens(in source: Source) throws(MustacheError) -> [Token] {
        var scanner = TemplateScanner(source: source)
        return try scanner.scan()
    }

    private mutating func scan() throws(MustacheError) -> [Token] {
        var tokens: [Token] = []
        var position = 0
        while let tagStart = find(opening, from: position) {
            if position < tagStart {
                tokens.append(Token(kind: .text, range: position..<tagStart, name: ""))
            }
            let tag = try scanTag(at: tagStart)
            tokens.append(tag)
            position = tag.range.upperBound
        }
        if position < source.bytes.count {
            tokens.append(Token(kind: .text, range: position..<source.bytes.count, name: ""))
        }
        return tokens
    }

    /// Reads the tag whose opening delimiter is at `start`. Blanks may surround
    /// the sigil (`{{ # items }}`), as most implementations allow.
    private mutating func scanTag(at start: Int) throws(MustacheError) -> Token {
        let bytes = source.bytes
        var contentStart = start + opening.count
        let isTriple = contentStart < bytes.count && bytes[contentStart] == UInt8(ascii: "{")
        let terminator = isTriple ? [UInt8(ascii: "}")] + closing : closing
        if isTriple {
            contentStart += 1
        }
        guard let contentEnd = find(terminator, from: contentStart) else {
            let expected = String(decoding: terminator, as: UTF8.self)
            throw source.error("unclosed tag, expected '\(expected)'", at: start)
        }
        let range = start..<(contentEnd + terminator.count)
        let content = trimmed(contentStart..<contentEnd)
        if isTriple {
            return Token(kind: .rawVariable, range: range, name: try name(in: content, at: start))
        }
        guard let sigil = content.first.map({ bytes[$0] }) else {
            throw source.error("empty tag name", at: start)
        }
        let afterSigil = trimmed(content.dropFirst())
        let kind: Token.Kind
        switch sigil {
        case UInt8(ascii: "!"):
            return Token(kind: .comment, range: range, name: "")
        case UInt8(ascii: "="):
            try setDelimiters(from: content, at: start)
            return Token(kind: .setDelimiters, range: range, name: "")
        case UInt8(ascii: "#"): kind = .section
        case UInt8(ascii: "^"): kind = .invertedSection
        case UInt8(ascii: "/"): kind = .close
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "<"): kind = .parent
        case UInt8(ascii: "$"): kind = .block
        case UInt8(ascii: "&"): kind = .rawVariable
        default:
            return Token(kind: .variable, range: range, name: try name(in: content, at: start))
        }
        let allowsDynamicName = kind == .partial || kind == .parent || kind == .close
        if allowsDynamicName, let star = afterSigil.first, bytes[star] == UInt8(ascii: "*") {
            let dynamic = try name(in: trimmed(afterSigil.dropFirst()), at: start)
            return Token(kind: kind, range: range, name: "*" + dynamic)
        }
        return Token(kind: kind, range: range, name: try name(in: afterSigil, at: start))
    }

    /// A tag name: not empty and free of whitespace, as the spec requires.
    private func name(in range: Range<Int>, at tagStart: Int) throws(MustacheError) -> String {
        guard !range.isEmpty else {
            throw source.error("empty tag name", at: tagStart)
        }
        let name = String(decoding: source.bytes[range], as: UTF8.self)
        if source.bytes[range].contains(where: ASCII.isWhitespace) {
            throw source.error("tag name '\(name)' contains whitespace", at: tagStart)
        }
        return name
    }

    /// Reads `=<open> <close>=` and switches to the new delimiters.
    private mutating func setDelimiters(from content: Range<Int>, at tagStart: Int) throws(MustacheError) {
        let bytes = source.bytes
        let usage = "set-delimiter tag needs two delimiters separated by a space, like {{=<% %>=}}"
        guard content.count >= 2, bytes[content.upperBound - 1] == UInt8(ascii: "=") else {
            throw source.error(usage, at: tagStart)
        }
        let inner = bytes[trimmed((content.lowerBound + 1)..<(content.upperBound - 1))]
        let parts = inner.split(whereSeparator: ASCII.isWhitespace)
        guard parts.count == 2 else {
            throw source.error(usage, at: tagStart)
        }
        if parts.contains(where: { $0.contains(UInt8(ascii: "=")) }) {
            throw source.error("delimiters cannot contain '='", at: tagStart)
        }
        if parts.contains(where: { $0.count > Self.maximumDelimiterLength }) {
            throw source.error("delimiters cannot be longer than \(Self.maximumDelimiterLength) bytes", at: tagStart)
        }
        opening = Array(parts[0])
        closing = Array(parts[1])
    }

    private func trimmed(_ range: Range<Int>) -> Range<Int> {
        let bytes = source.bytes
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, ASCII.isWhitespace(bytes[lower]) {
            lower += 1
        }
        while upper > lower, ASCII.isWhitespace(bytes[upper - 1]) {
            upper -= 1
        }
        return lower..<upper
    }

    /// The offset of the first occurrence of `needle` at or after `start`.
    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        let bytes = source.bytes
        guard let first = needle.first, start >= 0 else {
            return nil
        }
        var candidate = start
        while candidate + needle.count <= bytes.count {
            if bytes[candidate] == first, bytes[candidate..<(candidate + needle.count)].elementsEqual(needle) {
                return candidate
            }
            candidate += 1
        }
        return nil
    }
}
