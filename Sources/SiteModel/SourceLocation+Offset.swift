extension SourceLocation {
    /// The line and column of byte `offset` of `text` (UTF-8), lines counted
    /// at LF as every other message counts them, columns in Unicode scalars.
    static func of(offset: Int, in text: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        let end = min(max(offset, 0), text.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where text[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return SourceLocation(line: line, column: 1 + text[lineStart..<end].count { $0 & 0xC0 != 0x80 })
    }
}
