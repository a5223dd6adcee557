/// The cursor every lexer moves through the code, and the tokens it has
/// found. Lexers only move forward (look-ahead is bounded), which keeps
/// highlighting linear in the size of the code.
struct Scanner {
    let text: UnsafeBufferPointer<UInt8>
    var position: Int
    private(set) var tokens: [Token] = []

    init(_ text: UnsafeBufferPointer<UInt8>) {
        self.text = text
        position = 0
    }

    var atEnd: Bool { position >= text.count }

    /// The byte `offset` bytes ahead, or 0 past the end (callers that care
    /// about a real NUL check `atEnd`).
    func peek(_ offset: Int = 0) -> UInt8 {
        let index = position + offset
        return index < text.count ? text[index] : 0
    }

    func byte(at index: Int) -> UInt8 { index >= 0 && index < text.count ? text[index] : 0 }

    func text(from start: Int) -> Slice<UnsafeBufferPointer<UInt8>> { text[start..<position] }

    /// Whether the code at the cursor starts with `word` (ASCII).
    func looksAt(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard position + count <= text.count else { return false }
        let bytes = word.utf8Start
        for offset in 0..<count where text[position + offset] != bytes[offset] { return false }
        return true
    }

    mutating func advance(_ count: Int = 1) { position = min(position + count, text.count) }

    /// Records `start..<position` as `kind`, joining it to the previous token
    /// when that one has the same kind and ends where this one starts.
    mutating func emit(_ kind: TokenKind, from start: Int) {
        guard position > start else { return }
        if let last = tokens.last, last.kind == kind, last.end == start {
            tokens[tokens.count - 1].end = position
        } else {
            tokens.append(Token(start: start, end: position, kind: kind))
        }
    }

    /// Consumes one byte as a token of `kind`.
    mutating func take(_ kind: TokenKind) {
        let start = position
        advance()
        emit(kind, from: start)
    }

    mutating func skipSpaces() {
        while !atEnd && Bytes.isSpace(text[position]) { position += 1 }
    }

    /// Skips spaces and tabs only, staying on the line.
    mutating func skipBlanks() {
        while !atEnd && (text[position] == .space || text[position] == .tab) { position += 1 }
    }

    mutating func skipIdentifier() {
        while !atEnd && Bytes.isIdentifier(text[position]) { position += 1 }
    }

    mutating func skipToLineEnd() {
        while !atEnd && text[position] != .newline { position += 1 }
    }
}

extension Scanner {
    /// Drops the tokens from `start` to the cursor and records that stretch
    /// as one token of `kind`, for lexers that learn what a thing was only
    /// after scanning it (a JSON key is a string followed by `:`).
    mutating func replaceTokens(from start: Int, with kind: TokenKind) {
        while let last = tokens.last, last.start >= start { tokens.removeLast() }
        emit(kind, from: start)
    }
}
