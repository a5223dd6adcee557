/// Escapes `& < > " '` working on UTF-8 bytes, so interpolation never builds an
/// intermediate `String`. `'` is escaped too because the same output feeds XML.
enum HTMLEscape {
    /// Bit `b` is set for every byte `b` below 64 that needs escaping.
    private static let specialBytes: UInt64 = 1 << 0x22 | 1 << 0x26 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E

    static func append(_ string: String, to output: inout [UInt8]) {
        let appended: Void? = string.utf8.withContiguousStorageIfAvailable { bytes in
            append(bytes, to: &output)
        }
        if appended == nil {
            for byte in string.utf8 {
                appendEscaped(byte, to: &output)
            }
        }
    }

    static func append(_ bytes: [UInt8], to output: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0, to: &output) }
    }

    /// Copies runs of ordinary bytes in one go and replaces the special ones.
    private static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        for index in 0..<bytes.count where needsEscaping(bytes[index]) {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            appendEscaped(bytes[index], to: &output)
            runStart = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte < 64 && specialBytes >> byte & 1 == 1
    }

    private static func appendEscaped(_ byte: UInt8, to output: inout [UInt8]) {
        let replacement: StaticString
        switch byte {
        case UInt8(ascii: "&"): replacement = "&amp;"
        case UInt8(ascii: "<"): replacement = "&lt;"
        case UInt8(ascii: ">"): replacement = "&gt;"
        case UInt8(ascii: "\""): replacement = "&quot;"
        case UInt8(ascii: "'"): replacement = "&#39;"
        default:
            output.append(byte)
            return
        }
        replacement.withUTF8Buffer { output.append(contentsOf: $0) }
    }
}
