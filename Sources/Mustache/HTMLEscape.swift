import ByteScan

/// Escapes `& < > " '` working on UTF-8 bytes, so interpolation never builds an
/// intermediate `String`. `'` is escaped too because the same output feeds XML.
/// Most interpolated text has none of them, and a body put in a feed has one
/// every few bytes: `ByteEscaping` looks at eight bytes at a time.
enum HTMLEscape: ByteEscaping {
    static func append(_ string: String, to output: inout [UInt8]) {
        string.withUTF8InPlace { append(escaping: $0, to: &output) }
    }

    static func append(_ bytes: [UInt8], to output: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { append(escaping: $0, to: &output) }
    }

    /// Three tests for five bytes: setting bit 1 makes `<` (0x3C) and `>`
    /// (0x3E) both 0x3E, and setting bit 0 makes `&` (0x26) and `'` (0x27)
    /// both 0x27, which no other byte becomes.
    static func specials(in word: ByteWord) -> ByteMatches {
        word.settingBits(0x02).matching(UInt8(ascii: ">")) | word.settingBits(0x01).matching(UInt8(ascii: "'"))
            | word.matching(UInt8(ascii: "\""))
    }

    static let longestReplacement = 6
    static let table = ByteEscapeTable(Self.self)

    /// The entities, packed as `ByteEscaping` stores them (first byte lowest),
    /// written as numbers so that the switch becomes a table.
    static func replacement(for byte: UInt8) -> (bits: UInt64, count: Int) {
        switch byte {
        case UInt8(ascii: "&"): (0x3B_70_6D_61_26, 5)      // &amp;
        case UInt8(ascii: "<"): (0x3B_74_6C_26, 4)         // &lt;
        case UInt8(ascii: ">"): (0x3B_74_67_26, 4)         // &gt;
        case UInt8(ascii: "\""): (0x3B_74_6F_75_71_26, 6)  // &quot;
        default: (0x3B_39_33_23_26, 5)                     // &#39;
        }
    }
}
