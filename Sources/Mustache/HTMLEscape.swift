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

    /// Text with nothing to escape is copied in one go. Otherwise the output
    /// grows once to its final size and the runs between special bytes are
    /// copied into it: HTML put in a feed has a special byte every few
    /// bytes, and growing the output for each run and each entity cost more
    /// than the escaping itself.
    private static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        guard let source = bytes.baseAddress else { return }
        let count = bytes.count
        var extra = 0
        for index in 0..<count where needsEscaping(source[index]) {
            extra += entity(for: source[index]).utf8CodeUnitCount - 1
        }
        guard extra > 0 else {
            output.append(contentsOf: bytes)
            return
        }
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: count + extra))
        output.withUnsafeMutableBufferPointer { buffer in
            guard let target = buffer.baseAddress else { return }
            var at = start
            var runStart = 0
            for index in 0..<count where needsEscaping(source[index]) {
                (target + at).update(from: source + runStart, count: index - runStart)
                at += index - runStart
                let replacement = entity(for: source[index])
                (target + at).update(from: replacement.utf8Start, count: replacement.utf8CodeUnitCount)
                at += replacement.utf8CodeUnitCount
                runStart = index + 1
            }
            (target + at).update(from: source + runStart, count: count - runStart)
        }
    }

    /// What a byte that `needsEscaping` becomes.
    private static func entity(for byte: UInt8) -> StaticString {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        default: "&#39;"
        }
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte < 64 && specialBytes >> byte & 1 == 1
    }

    private static func appendEscaped(_ byte: UInt8, to output: inout [UInt8]) {
        guard needsEscaping(byte) else {
            output.append(byte)
            return
        }
        entity(for: byte).withUTF8Buffer { output.append(contentsOf: $0) }
    }
}
