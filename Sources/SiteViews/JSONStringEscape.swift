import ByteScan

/// What changes inside a JSON string: `"`, `\`, control characters, and
/// `<`, `>` and `&` (as `\u003c`, `\u003e`, `\u0026`), so that no markup ever
/// appears in a JSON file, even one a browser sniffs as HTML.
enum JSONStringEscape: ByteEscaping {
    /// Setting bit 1 makes `<` (0x3C) and `>` (0x3E) both 0x3E, which no other byte becomes.
    static func specials(in word: ByteWord) -> ByteMatches {
        word.below(0x20) | word.matching(UInt8(ascii: "\"")) | word.matching(UInt8(ascii: "\\"))
            | word.settingBits(0x02).matching(UInt8(ascii: ">")) | word.matching(UInt8(ascii: "&"))
    }

    static let longestReplacement = 6
    static let table = ByteEscapeTable(Self.self)

    /// The short escapes JSON has, else `\u00` and two lowercase hexadecimal
    /// digits; packed as `ByteEscaping` stores them (first byte lowest).
    static func replacement(for byte: UInt8) -> (bits: UInt64, count: Int) {
        switch byte {
        case UInt8(ascii: "\""): (0x22_5C, 2)  // \"
        case UInt8(ascii: "\\"): (0x5C_5C, 2)  // \\
        case 0x0A: (0x6E_5C, 2)                // \n
        case 0x0D: (0x72_5C, 2)                // \r
        case 0x09: (0x74_5C, 2)                // \t
        default: (0x30_30_75_5C | hexDigit(byte >> 4) << 32 | hexDigit(byte & 0x0F) << 40, 6)  // \u00 and two digits
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt64 {
        UInt64(value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10)
    }
}
