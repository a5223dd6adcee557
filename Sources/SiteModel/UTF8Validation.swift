/// Finds where a file stops being UTF-8, so a post saved in another encoding
/// is reported at the byte an editor shows as `�`, not at some later token.
enum UTF8Validation {
    /// The offset of the first byte of the first ill-formed sequence, or nil
    /// when every byte belongs to a well-formed one. Every post file is
    /// checked on every full build, so text that is all ASCII is passed over
    /// eight bytes at a time, and nothing is copied.
    static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            if offset + 8 <= bytes.count,
               UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                offset += 8
            } else if bytes[offset] < 0x80 {
                offset += 1
            } else if let length = sequenceLength(at: offset, in: bytes) {
                offset += length
            } else {
                return offset
            }
        }
        return nil
    }

    /// The length of the well-formed multi-byte sequence starting at
    /// `offset`, or nil (the table of well-formed sequences in chapter 3 of
    /// the Unicode standard: no overlong forms, no surrogates, nothing past U+10FFFF).
    private static func sequenceLength(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let lead = bytes[offset]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; second = 0x80...0x9F
        case 0xF0: length = 4; second = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; second = 0x80...0x8F
        default: return nil
        }
        guard offset + length <= bytes.count, second.contains(bytes[offset + 1]) else { return nil }
        for index in offset + 2..<offset + length where bytes[index] & 0xC0 != 0x80 { return nil }
        return length
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
