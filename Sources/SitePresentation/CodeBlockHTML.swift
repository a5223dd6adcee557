import Highlight

/// Writes a code block as HTML: the highlighter's tokens as
/// `<span class="hl-…">`, and, when asked, each line in a
/// `<span class="hl-line">` that the stylesheet numbers (with CSS counters,
/// so the numbers are not copied with the code) or marks.
struct CodeBlockHTML {
    let info: CodeBlockInfo
    let lineNumbers: Bool
    private var output: [UInt8] = []

    init(info: CodeBlockInfo, lineNumbers: Bool) {
        self.info = info
        self.lineNumbers = lineNumbers
    }

    /// The `<pre>` element for `code`, escaped whatever it holds.
    static func render(_ code: UnsafeBufferPointer<UInt8>, info: CodeBlockInfo, lineNumbers: Bool) -> [UInt8] {
        var writer = CodeBlockHTML(info: info, lineNumbers: lineNumbers)
        writer.output.reserveCapacity(code.count * 2 + 64)
        let tokens = info.language.map { Highlighter.tokens(in: code, language: $0) } ?? []
        writer.write(code, tokens: tokens)
        return writer.output
    }

    private var splitsLines: Bool { lineNumbers || !info.markedLines.isEmpty }

    private mutating func write(_ code: UnsafeBufferPointer<UInt8>, tokens: [Token]) {
        append("<pre")
        if splitsLines { append(lineNumbers ? " class=\"hl-numbered\"" : " class=\"hl-lines\"") }
        append("><code")
        if !info.languageName.isEmpty {
            append(" class=\"language-")
            var name = String(info.languageName)
            name.withUTF8 { escape($0[...]) }
            append("\"")
        }
        append(">")
        var line = 1
        if splitsLines && !code.isEmpty { openLine(line) }
        var position = 0
        for token in tokens where token.start >= position && token.end <= code.count && token.start < token.end {
            writeText(code[position..<token.start], kind: nil, line: &line)
            writeText(code[token.start..<token.end], kind: token.kind, line: &line)
            position = token.end
        }
        writeText(code[position...], kind: nil, line: &line)
        if splitsLines && !code.isEmpty && code.last != 0x0A { append("</span>") }
        append("</code></pre>\n")
    }

    /// Writes a stretch of one kind; in line mode a newline closes the
    /// token's span and the line's, and the next line reopens both.
    private mutating func writeText(_ text: Slice<UnsafeBufferPointer<UInt8>>, kind: TokenKind?, line: inout Int) {
        guard !text.isEmpty else { return }
        var start = text.startIndex
        if let kind { open(kind) }
        if splitsLines {
            while let newline = text[start...].firstIndex(of: 0x0A) {
                escape(text[start...newline])
                if kind != nil { append("</span>") }
                append("</span>")
                line += 1
                start = newline + 1
                if start < text.base.count { openLine(line) }
                if start == text.endIndex { return }
                if let kind { open(kind) }
            }
        }
        escape(text[start...])
        if kind != nil { append("</span>") }
    }

    private mutating func open(_ kind: TokenKind) {
        output.append(contentsOf: Self.openings[Int(kind.rawValue)])
    }

    /// Each kind's opening tag, made once rather than spelled out for every span.
    private static let openings: [[UInt8]] = TokenKind.allCases.map { Array("<span class=\"\($0.className)\">".utf8) }

    private mutating func openLine(_ line: Int) {
        append(info.isMarked(line) ? "<span class=\"hl-line hl-marked\">" : "<span class=\"hl-line\">")
    }

    private mutating func append(_ text: String) {
        output.append(contentsOf: text.utf8)
    }

    /// Bit `b` is set for every byte `b` below 64 that `escape` replaces.
    private static let specialBytes: UInt64 = 1 << 0x22 | 1 << 0x26 | 1 << 0x3C | 1 << 0x3E

    /// `& < > "` become entities, as cmark escapes code; runs of other
    /// bytes are copied in one go.
    private mutating func escape(_ text: Slice<UnsafeBufferPointer<UInt8>>) {
        let bytes = text.base
        var runStart = text.startIndex
        var index = runStart
        while index < text.endIndex {
            let byte = bytes[index]
            guard byte < 64, Self.specialBytes >> byte & 1 == 1 else {
                index += 1
                continue
            }
            let replacement: StaticString
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            default: replacement = "&quot;"
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            replacement.withUTF8Buffer { output.append(contentsOf: $0) }
            index += 1
            runStart = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<text.endIndex]))
    }
}
