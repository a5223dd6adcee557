/// Writes JSON with keys in the order given, UTF-8 as is, and no escaped
/// slashes: the same bytes on every run, readable by any JSON parser.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    private var needsComma: [Bool] = [false]

    enum Value {
        case string(String)
        /// A string given as its UTF-8 bytes.
        case utf8([UInt8])
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
        case .utf8(let text): appendString(text)
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
        text.withUTF8 { appendString($0) }
    }

    private mutating func appendString(_ utf8: [UInt8]) {
        utf8.withUnsafeBufferPointer { appendString($0) }
    }

    private mutating func appendString(_ utf8: UnsafeBufferPointer<UInt8>) {
        // Room for the quotes, and for the eight bytes the last escape stores.
        let escaped = [UInt8](unsafeUninitializedCapacity: utf8.count * Self.longestEscape + 10) { output, written in
            guard let start = output.baseAddress else { return }
            start[0] = UInt8(ascii: "\"")
            written = 1 + Self.escape(UnsafeRawBufferPointer(utf8), into: start + 1)
            start[written] = UInt8(ascii: "\"")
            written += 1
        }
        bytes.append(contentsOf: escaped)
    }

    /// Writes the escaped `source` into `target` and returns the count
    /// written. Eight bytes are read at a time and copied as they are up to
    /// the first that needs escaping; an escape is stored as one word, of
    /// which its length counts. `target` has room for the longest escape of
    /// every byte, and eight bytes more.
    private static func escape(_ source: UnsafeRawBufferPointer, into target: UnsafeMutablePointer<UInt8>) -> Int {
        escapeWords.withUnsafeBufferPointer { words in
            escapeLengths.withUnsafeBufferPointer { lengths in
                var count = 0
                var index = 0
                while index < source.count {
                    if index + 8 <= source.count {
                        let word = source.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                        UnsafeMutableRawPointer(target + count).storeBytes(of: word, as: UInt64.self)
                        let found = bytesNeedingEscape(word)
                        if found == 0 {
                            count += 8
                            index += 8
                            continue
                        }
                        let asTheyAre = found.trailingZeroBitCount / 8
                        count += asTheyAre
                        index += asTheyAre
                    }
                    let byte = source[index]
                    index += 1
                    let length = byte < 0x80 ? Int(lengths[Int(byte)]) : 0
                    if length == 0 {
                        target[count] = byte
                        count += 1
                    } else {
                        UnsafeMutableRawPointer(target + count).storeBytes(of: words[Int(byte)], as: UInt64.self)
                        count += length
                    }
                }
                return count
            }
        }
    }

    /// The high bit of the first of the eight bytes (in memory order) that is
    /// a control character, `"`, `\\`, `<`, `>` or `&` is set; none when none
    /// is. A zero byte of `word ^ v` is found for every `v` at once; the bits
    /// above the first found may be wrong, so only the lowest one is used.
    /// Bytes of 0x80 and above never match, so UTF-8 goes through as it is.
    private static func bytesNeedingEscape(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func zeros(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        let controls = (word &- ones &* 0x20) & ~word & highs
        return controls | zeros(word ^ (ones &* 0x22)) | zeros(word ^ (ones &* 0x5C)) | zeros(word ^ (ones &* 0x3C))
            | zeros(word ^ (ones &* 0x3E)) | zeros(word ^ (ones &* 0x26))
    }

    private static let longestEscape = 6

    /// What stands for each ASCII byte inside a JSON string, its bytes packed
    /// into one word (first byte lowest), and how many of them there are; 0
    /// for a byte that stands for itself.
    private static let escapeWords: [UInt64] = (0..<128).map { code in
        (escape(of: UInt8(code)) ?? []).reversed().reduce(0) { word, byte in word << 8 | UInt64(byte) }
    }
    private static let escapeLengths: [UInt8] = (0..<128).map { UInt8(escape(of: UInt8($0))?.count ?? 0) }

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
