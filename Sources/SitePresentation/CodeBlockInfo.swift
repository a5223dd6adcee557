import Highlight

/// What a fenced block's info string asks for: ```` ```swift linenos {3,5-7} ````
/// names the language, turns line numbers on (`nolinenos` turns them off
/// where the site has them on) and marks lines 3 and 5 to 7.
struct CodeBlockInfo: Equatable {
    /// The first word, as written (cmark's `language-…` class keeps it).
    var languageName: Substring
    var language: Language?
    /// Nil when the block says nothing, so the site's setting applies.
    var lineNumbers: Bool?
    /// 1-based, inclusive ranges of lines to mark.
    var markedLines: [ClosedRange<Int>] = []

    /// Ranges past this many are ignored: no reader marks more lines one by one.
    static let maxRanges = 100

    init(_ info: String) {
        var rest = Substring(info)
        var braces: Substring = ""
        if let open = rest.firstIndex(of: "{") {
            let close = rest[open...].firstIndex(of: "}") ?? rest.endIndex
            braces = rest[rest.index(after: open)..<close]
            rest = rest[..<open] + (close < rest.endIndex ? rest[rest.index(after: close)...] : "")
        }
        let words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
        languageName = words.first ?? ""
        language = Language(name: languageName)
        for word in words.dropFirst() {
            if word == "linenos" { lineNumbers = true }
            if word == "nolinenos" { lineNumbers = false }
        }
        markedLines = Self.ranges(braces)
    }

    /// `3,5-7` as ranges; pieces that are not numbers or ranges are skipped.
    private static func ranges(_ text: Substring) -> [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        for piece in text.split(separator: ",").prefix(maxRanges) {
            let bounds = piece.split(separator: "-", maxSplits: 1).map { Int($0.trimmingSpaces) }
            if bounds.count == 1, let line = bounds[0], line > 0 {
                ranges.append(line...line)
            } else if bounds.count == 2, let first = bounds[0], let last = bounds[1], first > 0, first <= last {
                ranges.append(first...last)
            }
        }
        return ranges
    }

    func isMarked(_ line: Int) -> Bool { markedLines.contains { $0.contains(line) } }

    /// Whether anything beyond the language was asked for.
    var hasLineOptions: Bool { lineNumbers == true || !markedLines.isEmpty }
}

private extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
