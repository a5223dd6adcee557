/// Just enough JSON writing for the index files: strings escaped so they
/// are safe in JSON and in a page's script (`<`, `>`, `&`, U+2028/9 escaped).
struct TinyJSON {
    var bytes: [UInt8] = []

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func optional(_ text: String?) {
        if let text { string(text) } else { raw("null") }
    }

    mutating func string(_ text: String) {
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": raw("\\\"")
            case "\\": raw("\\\\")
            case "\n": raw("\\n")
            case "\r": raw("\\r")
            case "\t": raw("\\t")
            case "<", ">", "&", "\u{2028}", "\u{2029}", "\u{0}"..."\u{1F}", "\u{7F}":
                let value = Int(scalar.value)
                raw("\\u")
                for shift in [12, 8, 4, 0] { bytes.append(hex[(value >> shift) & 15]) }
            default:
                bytes.append(contentsOf: scalar.utf8)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// FNV-1a over every byte, as 16 hex digits: names a version of the index.
    struct Hash {
        private var state: UInt64 = 0xCBF2_9CE4_8422_2325

        mutating func combine(_ bytes: [UInt8]) {
            for byte in bytes {
                state = (state ^ UInt64(byte)) &* 0x100_0000_01B3
            }
        }

        var text: String {
            let digits = String(state, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
    }
}
