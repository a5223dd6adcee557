/// Writes JSON with keys in the order given, UTF-8 as is, and no escaped
/// slashes: the same bytes on every run, readable by any JSON parser.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    private var needsComma: [Bool] = [false]

    enum Value {
        case string(String)
        case int(Int)
        case null
    }

    mutating func beginObject() { separate(); bytes.append(UInt8(ascii: "{")); needsComma.append(false) }
    mutating func endObject() { needsComma.removeLast(); bytes.append(UInt8(ascii: "}")) }
    mutating func beginArray() { separate(); bytes.append(UInt8(ascii: "[")); needsComma.append(false) }
    mutating func endArray() { needsComma.removeLast(); bytes.append(UInt8(ascii: "]")) }

    mutating func key(_ name: String) {
        separate()
        appendString(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma[needsComma.count - 1] = false
    }

    mutating func field(_ name: String, _ value: Value) {
        key(name)
        self.value(value)
    }

    mutating func field(_ name: String, _ text: String?) {
        field(name, text.map(Value.string) ?? .null)
    }

    mutating func value(_ value: Value) {
        separate()
        switch value {
        case .string(let text): appendString(text)
        case .int(let number): bytes.append(contentsOf: String(number).utf8)
        case .null: bytes.append(contentsOf: "null".utf8)
        }
    }

    /// Ends the document with a newline, as text files do.
    mutating func finish() -> [UInt8] {
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    private mutating func separate() {
        if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
    }

    /// `<`, `>` and `&` are written as `\u003c`, `\u003e` and `\u0026`, so
    /// no markup ever appears in a JSON file, even one a browser sniffs as HTML.
    /// A post's body is most of its API file and full of markup, so the text
    /// is escaped straight into a buffer of the largest size it can take.
    private mutating func appendString(_ text: String) {
        var text = text
        let escaped = text.withUTF8 { utf8 in
            [UInt8](unsafeUninitializedCapacity: utf8.count * Self.longestEscape + 2) { output, written in
                Self.escapes.withUnsafeBufferPointer { escapes in
                    var count = 0
                    output[count] = UInt8(ascii: "\"")
                    count += 1
                    for byte in utf8 {
                        let length = byte < 0x80 ? Int(escapes[Int(byte) * Self.slotSize]) : 0
                        if length == 0 {
                            output[count] = byte
                            count += 1
                        } else {
                            for offset in 1...length { output[count + offset - 1] = escapes[Int(byte) * Self.slotSize + offset] }
                            count += length
                        }
                    }
                    output[count] = UInt8(ascii: "\"")
                    written = count + 1
                }
            }
        }
        bytes.append(contentsOf: escaped)
    }

    private static let longestEscape = 6

    /// Each ASCII byte's slot: a length, then what stands for the byte inside
    /// a JSON string; length 0 for the byte itself. One flat table, so the
    /// loop above reads bytes, never arrays.
    private static let slotSize = 7
    private static let escapes: [UInt8] = (0..<128).flatMap { code -> [UInt8] in
        let escape = escape(of: UInt8(code)) ?? []
        return [UInt8(escape.count)] + escape + Array(repeating: 0, count: slotSize - 1 - escape.count)
    }

    /// What stands for an ASCII byte inside a JSON string; nil for itself.
    private static func escape(of code: UInt8) -> [UInt8]? {
        let hex = Array("0123456789abcdef".utf8)
        switch code {
        case UInt8(ascii: "\""): return Array(#"\""#.utf8)
        case UInt8(ascii: "\\"): return Array(#"\\"#.utf8)
        case 0x0A: return Array(#"\n"#.utf8)
        case 0x0D: return Array(#"\r"#.utf8)
        case 0x09: return Array(#"\t"#.utf8)
        case 0..<0x20, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
            return Array(#"\u00"#.utf8) + [hex[Int(code >> 4)], hex[Int(code & 0xF)]]
        default: return nil
        }
    }
}
