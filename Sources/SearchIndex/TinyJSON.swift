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

    /// A hash of every byte, eight at a time, as 16 hex digits: names a
    /// version of the index, and stands for a file's bytes.
    struct Hash {
        private(set) var state: UInt64 = 0xCBF2_9CE4_8422_2325

        static func of(_ bytes: [UInt8]) -> UInt64 {
            var hash = Hash()
            hash.combine(bytes)
            return hash.state
        }

        mutating func combine(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { buffer in
                combine(UInt64(buffer.count))
                combine(TermSet.hash(buffer))
            }
        }

        mutating func combine(_ value: UInt64) {
            state = (state ^ value) &* 0xFF51_AFD7_ED55_8CCD
            state ^= state >> 32
        }

        var text: String {
            let digits = String(state, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
    }
}
