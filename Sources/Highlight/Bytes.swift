/// Byte classes for the lexers, as arithmetic on the byte (no table, so no
/// lazy global in the hot loops). Bytes from 0x80 up (the rest of a UTF-8
/// character) count as identifier bytes, so names in any script stay whole.
enum Bytes {
    @inline(__always)
    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 97 < 26 || byte == 95 || byte >= 0x80
    }

    @inline(__always)
    static func isIdentifier(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- 48 < 10 }

    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool { isDigit(byte) || (byte | 0x20) &- 97 < 6 }

    /// Space, tab, newline, vertical tab, form feed, carriage return.
    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte &- 9 < 5 }

    @inline(__always)
    static func isUppercase(_ byte: UInt8) -> Bool { byte &- 65 < 26 }
}
