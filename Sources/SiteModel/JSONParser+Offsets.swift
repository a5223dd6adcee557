extension JSONParser {
    /// Where, in the file, byte `decoded` of the string whose opening quote
    /// is at `quote` is written: escapes (`\n`, `\u00e9`, surrogate pairs)
    /// are stepped over as the parser decodes them, so a link found in a JSON
    /// post's body is reported at its place in the file.
    static func fileOffset(ofDecoded decoded: Int, inStringAt quote: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var raw = quote + 1
        var done = 0
        while done < decoded, raw < bytes.count, bytes[raw] != UInt8(ascii: "\"") {
            guard bytes[raw] == UInt8(ascii: "\\"), raw + 1 < bytes.count else {
                raw += 1
                done += 1
                continue
            }
            guard bytes[raw + 1] == UInt8(ascii: "u"), let unit = hexUnit(at: raw + 2, in: bytes) else {
                raw += 2
                done += 1
                continue
            }
            if (0xD800..<0xDC00).contains(unit), raw + 11 < bytes.count, bytes[raw + 6] == UInt8(ascii: "\\"),
               bytes[raw + 7] == UInt8(ascii: "u"), let low = hexUnit(at: raw + 8, in: bytes), (0xDC00..<0xE000).contains(low) {
                raw += 12
                done += 4
            } else {
                raw += 6
                done += unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3
            }
        }
        return raw
    }

    private static func hexUnit(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt32? {
        guard start + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[start..<start + 4] {
            guard let digit = hexDigit(byte) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
