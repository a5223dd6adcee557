/// Just enough JSON writing for the index files: strings escaped so they
/// are safe in JSON and in a page's script (`<`, `>`, `&`, U+2028/9 escaped).
struct TinyJSON {
    var bytes: [UInt8] = []

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// A literal comes here too (`String` is preferred), and is read in place:
    /// appending a string's `utf8` view went through it a byte at a time.
    mutating func raw(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil { bytes.append(contentsOf: text.utf8) }
    }

    /// One byte is appended as one: most raw text is a comma or a bracket.
    private mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        if text.count == 1 { bytes.append(text[0]) } else { bytes.append(contentsOf: text) }
    }

    mutating func optional(_ text: String?) {
        if let text { string(text) } else { raw("null") }
    }

    mutating func string(_ text: String) {
        // Most strings (terms, ids, URLs, titles) need no escape: their bytes go as they are.
        let copied = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            let needsEscape = Self.escapeTable.withUnsafeBufferPointer { table in
                utf8.contains { table[Int($0)] }
            }
            guard !needsEscape else { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if copied == true { return }
        let hex = Self.hexDigits
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

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `mayNeedEscape` of every byte, looked up instead of tested.
    private static let escapeTable: [Bool] = (0...255).map { mayNeedEscape(UInt8($0)) }

    /// A number in decimal, without making a string of it.
    mutating func number(_ value: Int) {
        guard value >= 0 else {
            raw(String(value))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { room in
            var rest = value
            var start = room.count
            repeat {
                start -= 1
                room[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: room[start...]))
        }
    }

    /// The bytes that begin a character `string` escapes: quote, backslash,
    /// `<`, `>`, `&`, controls, DEL, and the lead byte of U+2028 and U+2029.
    private static func mayNeedEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case 0..<0x20, UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), 0x7F, 0xE2:
            true
        default:
            false
        }
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
                combine(Self.digest(buffer))
            }
        }

        /// Eight bytes at a time, one multiply each. Its values name the
        /// index's version in the manifest: changing it changes every manifest.
        /// `TermSet` finds its terms longer than 16 bytes by it too.
        static func digest(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            guard let base = bytes.baseAddress else { return 0 }
            let raw = UnsafeRawPointer(base)
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
            var offset = 0
            while offset + 8 <= bytes.count {
                state = (state ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
                state ^= state >> 32
                offset += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < bytes.count {
                tail |= UInt64(base[offset]) << shift
                shift += 8
                offset += 1
            }
            state = (state ^ tail) &* 0xC4CE_B9FE_1A85_EC53
            return state ^ (state >> 29)
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
