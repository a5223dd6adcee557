/// Decides which template whitespace belongs to tags rather than to the output,
/// and how far each expansion is indented, following the spec's tests:
/// - A non-interpolation tag alone on its line takes the line's blanks and its
///   line break with it.
/// - A parent pair whose opening tag starts a line and whose closing tag ends a
///   line takes those two line edges too, exactly like a standalone partial.
/// - An argument block (a block directly inside a parent) whose opening tag ends
///   its line owns that line break, and the indentation of its first content
///   line, its *intrinsic indentation*, is removed from every content line.
///   Blanks before its closing tag belong to the tag.
/// - A parameter block pair that starts and ends lines keeps its line edges
///   (unless its tags stand alone) but, like a standalone partial or parent,
///   records the indentation its expansion gets: the blanks before its opening
///   tag or, when that tag ends its line, the indentation of the next line.
struct Whitespace {
    private let bytes: [UInt8]
    private let tokens: [Token]
    private let elements: ElementMap
    /// `false` for a byte that text nodes leave out.
    private var keeps: [Bool]
    /// The indentation of an expansion, by the index of its (opening) tag.
    private(set) var indentation: [Int: [UInt8]] = [:]

    init(source: Source, tokens: [Token], elements: ElementMap) {
        self.bytes = source.bytes
        self.tokens = tokens
        self.elements = elements
        keeps = Array(repeating: true, count: source.bytes.count)
        // Indentation is measured after intrinsic indentation is gone (nested
        // blocks indent relative to their block) but before standalone lines
        // lose their blanks.
        for index in tokens.indices where elements.isArgument(index) {
            stripIntrinsicIndentation(ofArgument: index)
        }
        for index in tokens.indices {
            measureIndentation(of: index)
        }
        for index in tokens.indices {
            dropStandaloneWhitespace(around: index)
        }
    }

    /// The bytes of `range` that are output rather than tag whitespace.
    func text(in range: Range<Int>) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(range.count)
        for offset in range where keeps[offset] {
            text.append(bytes[offset])
        }
        return text
    }

    private mutating func stripIntrinsicIndentation(ofArgument index: Int) {
        guard let close = elements.partner[index],
              let contentStart = clearLineEnd(after: tokens[index].range.upperBound) else {
            return
        }
        let contentEnd = tokens[close].range.lowerBound
        let intrinsic = blankRun(at: contentStart)
        var lineStart = contentStart
        while !intrinsic.isEmpty, lineStart < contentEnd {
            var offset = lineStart
            var model = intrinsic.lowerBound
            while offset < contentEnd, model < intrinsic.upperBound, bytes[offset] == bytes[model] {
                keeps[offset] = false
                offset += 1
                model += 1
            }
            guard let newline = bytes[offset..<contentEnd].firstIndex(of: ASCII.newline) else {
                return
            }
            lineStart = newline + 1
        }
    }

    private mutating func measureIndentation(of index: Int) {
        let tag = tokens[index].range
        switch tokens[index].kind {
        case .partial:
            if let lineStart = clearLineStart(before: tag.lowerBound), clearLineEnd(after: tag.upperBound) != nil {
                indentation[index] = text(in: lineStart..<tag.lowerBound)
            }
        case .parent:
            if let edges = standalonePairEdges(index) {
                indentation[index] = text(in: edges.lineStart..<tag.lowerBound)
            }
        case .block where !elements.isArgument(index):
            guard let edges = standalonePairEdges(index) else {
                return
            }
            if let nextLine = clearLineEnd(after: tag.upperBound) {
                indentation[index] = text(in: blankRun(at: nextLine))
            } else {
                indentation[index] = text(in: edges.lineStart..<tag.lowerBound)
            }
        default:
            return
        }
    }

    private mutating func dropStandaloneWhitespace(around index: Int) {
        let token = tokens[index]
        let tag = token.range
        if token.canStandAlone,
           let lineStart = clearLineStart(before: tag.lowerBound),
           let lineEnd = clearLineEnd(after: tag.upperBound) {
            drop(lineStart..<tag.lowerBound)
            drop(tag.upperBound..<lineEnd)
        }
        if token.kind == .parent, let close = elements.partner[index], let edges = standalonePairEdges(index) {
            drop(edges.lineStart..<tag.lowerBound)
            drop(tokens[close].range.upperBound..<edges.lineEnd)
        }
        if elements.isArgument(index), let lineEnd = clearLineEnd(after: tag.upperBound) {
            drop(tag.upperBound..<lineEnd)
        }
        if token.kind == .close, let opener = elements.partner[index], elements.isArgument(opener),
           let lineStart = clearLineStart(before: tag.lowerBound) {
            drop(lineStart..<tag.lowerBound)
        }
    }

    /// For an element whose opening tag starts a line and whose closing tag
    /// ends one: where the opening line starts and the closing line ends.
    private func standalonePairEdges(_ opener: Int) -> (lineStart: Int, lineEnd: Int)? {
        guard let close = elements.partner[opener],
              let lineStart = clearLineStart(before: tokens[opener].range.lowerBound),
              let lineEnd = clearLineEnd(after: tokens[close].range.upperBound) else {
            return nil
        }
        return (lineStart, lineEnd)
    }

    /// The start of the line holding `offset`, if only blanks lie between them.
    private func clearLineStart(before offset: Int) -> Int? {
        var start = offset
        while start > 0, ASCII.isBlank(bytes[start - 1]) {
            start -= 1
        }
        return start == 0 || bytes[start - 1] == ASCII.newline ? start : nil
    }

    /// Just past the line break (or at the end of the template) after `offset`,
    /// if only blanks lie between them.
    private func clearLineEnd(after offset: Int) -> Int? {
        var end = offset
        while end < bytes.count, ASCII.isBlank(bytes[end]) {
            end += 1
        }
        if end == bytes.count {
            return end
        }
        if bytes[end] == ASCII.newline {
            return end + 1
        }
        if bytes[end] == ASCII.carriageReturn, end + 1 < bytes.count, bytes[end + 1] == ASCII.newline {
            return end + 2
        }
        return nil
    }

    private func blankRun(at offset: Int) -> Range<Int> {
        var end = offset
        while end < bytes.count, ASCII.isBlank(bytes[end]) {
            end += 1
        }
        return offset..<end
    }

    private mutating func drop(_ range: Range<Int>) {
        for offset in range {
            keeps[offset] = false
        }
    }
}
