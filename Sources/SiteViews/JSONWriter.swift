import ByteScan

/// Writes JSON with keys in the order given, UTF-8 as is, and no escaped
/// slashes: the same bytes on every run, readable by any JSON parser.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// Whether the next value of each open object or array needs a comma
    /// before it, the innermost in bit 0: a stack of bits, as sitegen's
    /// documents nest a few levels deep, far below 64.
    private var needsComma: UInt64 = 0

    enum Value {
        case string(String)
        /// A string given as its UTF-8 bytes.
        case utf8([UInt8])
        case int(Int)
        case null
    }

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func beginObject() { separate(); bytes.append(UInt8(ascii: "{")); needsComma <<= 1 }
    mutating func endObject() { needsComma >>= 1; bytes.append(UInt8(ascii: "}")) }
    mutating func beginArray() { separate(); bytes.append(UInt8(ascii: "[")); needsComma <<= 1 }
    mutating func endArray() { needsComma >>= 1; bytes.append(UInt8(ascii: "]")) }

    /// Keys are sitegen's own names, written in the source (letters, `@`):
    /// copied as they are, with nothing to escape. The comma, quotes and
    /// colon around one are put together first and appended with it in one
    /// step: five appends cost more than the rest of a key.
    mutating func key(_ name: StaticString) {
        let comma = needsComma & 1 != 0
        name.withUTF8Buffer { name in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: name.count + 4) { room in
                var end = 0
                if comma {
                    room[end] = UInt8(ascii: ",")
                    end += 1
                }
                room[end] = UInt8(ascii: "\"")
                end += 1
                if let target = room.baseAddress, let source = name.baseAddress {
                    (target + end).update(from: source, count: name.count)
                }
                end += name.count
                room[end] = UInt8(ascii: "\"")
                room[end + 1] = UInt8(ascii: ":")
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: room[..<(end + 2)]))
            }
        }
        needsComma &= ~1
    }

    mutating func field(_ name: StaticString, _ value: Value) {
        key(name)
        self.value(value)
    }

    mutating func field(_ name: StaticString, _ text: String?) {
        field(name, text.map(Value.string) ?? .null)
    }

    /// One string made of `texts` with `separator` between them, escaped
    /// piece by piece rather than joined first.
    mutating func field(_ name: StaticString, joining texts: [String], separator: StaticString) {
        key(name)
        separate()
        bytes.append(UInt8(ascii: "\""))
        for (index, text) in texts.enumerated() {
            if index > 0 { separator.withUTF8Buffer { JSONStringEscape.append(escaping: $0, to: &bytes) } }
            text.withUTF8InPlace { JSONStringEscape.append(escaping: $0, to: &bytes) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func value(_ value: Value) {
        separate()
        switch value {
        case .string(let text): appendString(text)
        case .utf8(let text): appendString(text)
        case .int(let number): bytes.appendDecimal(number)
        case .null: bytes.append(contentsOf: "null".utf8)
        }
    }

    /// A value another writer made, copied as it is.
    mutating func value(json: [UInt8]) {
        separate()
        bytes.append(contentsOf: json)
    }

    /// Ends the document with a newline, as text files do.
    mutating func finish() -> [UInt8] {
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    private mutating func separate() {
        if needsComma & 1 != 0 { bytes.append(UInt8(ascii: ",")) }
        needsComma |= 1
    }

    /// The text between quotes, escaped (`JSONStringEscape`) straight into
    /// the document: a post's body is most of its API file, and a key or a
    /// title usually has nothing to escape and is copied as it is.
    private mutating func appendString(_ text: String) {
        text.withUTF8InPlace { appendString($0) }
    }

    private mutating func appendString(_ utf8: [UInt8]) {
        utf8.withUnsafeBufferPointer { appendString($0) }
    }

    private mutating func appendString(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        JSONStringEscape.append(escaping: utf8, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }
}
