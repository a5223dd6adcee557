/// Finds where a file stops being UTF-8, so a post saved in another encoding
/// is reported at the byte an editor shows as `�`, not at some later token.
enum UTF8Validation {
    /// The offset of the first byte of the first ill-formed sequence, or nil
    /// when every byte belongs to a well-formed one.
    static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        if String(validating: bytes, as: UTF8.self) != nil { return nil }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// Line and column of `offset`, counting columns in Unicode scalars as the
    /// parser does, a byte order mark not included.
    static func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        var line = 1
        var column = 1
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for byte in UnsafeBufferPointer(rebasing: bytes[min(start, offset)..<min(offset, bytes.count)]) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourceLocation(line: line, column: column)
    }
}
