import ByteScan
import CBlockBits

/// A strict RFC 8259 parser over UTF-8 bytes that tracks line and column,
/// which Foundation's decoders on Linux do not report.
///
/// Nesting is bounded so that hostile input cannot exhaust the stack.
import ByteScan

public struct JSONParser {
    public static let maximumDepth = 256

    /// The whole file is checked for UTF-8 first, so an encoding mistake is
    /// reported as such wherever it is, before any syntax error after it.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var result: Result<JSONNode, JSONSyntaxError> = .failure(JSONSyntaxError(location: SourceLocation(line: 1, column: 1), message: "empty input"))
        bytes.withUnsafeBufferPointer { buffer in
            if let offset = UTF8Validation.firstInvalidByte(in: buffer) {
                result = .failure(JSONSyntaxError(location: UTF8Validation.location(of: offset, in: buffer),
                                                  message: "the file is not valid UTF-8"))
                return
            }
            var parser = JSONParser(buffer)
            result = Result { () throws(JSONSyntaxError) -> JSONNode in try parser.parseDocument() }
        }
        return try result.get()
    }

    /// The string that starts at `offset` (its opening quote) in bytes that
    /// parsed before: one value read back from a file, without the rest of it.
    public static func text(at offset: Int, in bytes: [UInt8]) throws(JSONSyntaxError) -> [UInt8] {
        var result: Result<[UInt8], JSONSyntaxError> = .failure(JSONSyntaxError(location: SourceLocation(line: 1, column: 1), message: "no string there"))
        bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer)
            guard offset >= parser.index, offset < buffer.count, buffer[offset] == UInt8(ascii: "\"") else { return }
            parser.index = offset
            result = Result { () throws(JSONSyntaxError) -> [UInt8] in try parser.parseText() }
        }
        return try result.get()
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    private var line = 1
    private var lineStart = 0
    private var columnCache = (index: 0, column: 1)

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            lineStart = 3
            columnCache = (3, 1)
        }
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        skipWhitespace()
        guard index < bytes.count else { throw failure("the file is empty; expected a JSON object") }
        let node = try parseValue()
        skipWhitespace()
        if index < bytes.count { throw failure("unexpected \(JSONMessages.quote(bytes, at: index)) after the JSON value") }
        return node
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        let start = location()
        let offset = index
        guard index < bytes.count else { throw failure("unexpected end of file; expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONNode(value: .object(try parseObject()), location: start, offset: offset)
        case UInt8(ascii: "["): return JSONNode(value: .array(try parseArray()), location: start, offset: offset)
        case UInt8(ascii: "\""): return JSONNode(value: .string(JSONText(utf8: try parseText())), location: start, offset: offset)
        case UInt8(ascii: "t"): try expectWord("true"); return JSONNode(value: .bool(true), location: start, offset: offset)
        case UInt8(ascii: "f"): try expectWord("false"); return JSONNode(value: .bool(false), location: start, offset: offset)
        case UInt8(ascii: "n"): try expectWord("null"); return JSONNode(value: .null, location: start, offset: offset)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try parseNumber()), location: start, offset: offset)
        default:
            throw failure(JSONMessages.javaScriptHabit(bytes[index])
                          ?? "unexpected \(JSONMessages.quote(bytes, at: index)); expected a value")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> [JSONNode.Member] {
        try enterNesting()
        index += 1
        var members: [JSONNode.Member] = []
        var seen = SeenStrings()
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            depth -= 1
            return members
        }
        while true {
            skipWhitespace()
            let keyLocation = location()
            guard peek(UInt8(ascii: "\"")) else {
                throw failure(JSONMessages.javaScriptHabit(index < bytes.count ? bytes[index] : nil) ?? "expected a quoted key")
            }
            let key = try parseString()
            if !seen.insert(key) {
                throw JSONSyntaxError(location: keyLocation, message: "duplicate key '\(key)'")
            }
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw failure("expected ':' after key '\(key)'") }
            index += 1
            skipWhitespace()
            members.append(JSONNode.Member(key: key, keyLocation: keyLocation, value: try parseValue()))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                try skipComma(before: UInt8(ascii: "}"))
                continue
            }
            if peek(UInt8(ascii: "}")) {
                index += 1
                depth -= 1
                return members
            }
            throw failure(index < bytes.count ? "expected ',' or '}' after a member" : "unexpected end of file; expected '}'")
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> [JSONNode] {
        try enterNesting()
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            depth -= 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                try skipComma(before: UInt8(ascii: "]"))
                continue
            }
            if peek(UInt8(ascii: "]")) {
                index += 1
                depth -= 1
                return elements
            }
            throw failure(index < bytes.count ? "expected ',' or ']' after an element" : "unexpected end of file; expected ']'")
        }
    }

    /// Steps over a comma; one right before the closing bracket, which
    /// JavaScript allows and JSON does not, is reported where it stands.
    private mutating func skipComma(before closing: UInt8) throws(JSONSyntaxError) {
        let comma = location()
        index += 1
        skipWhitespace()
        if peek(closing) {
            let bracket = Character(Unicode.Scalar(closing))
            throw JSONSyntaxError(location: comma, message: "a comma before '\(bracket)' is not allowed in JSON; remove it")
        }
    }

    private mutating func enterNesting() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw failure("values are nested more than \(Self.maximumDepth) deep") }
    }

    /// Reads a string, copying the runs between escapes in one go. The input
    /// is known to be UTF-8 and quotes never split a character, so every
    /// string is too.
    private mutating func parseString() throws(JSONSyntaxError) -> String {
        switch try scanString() {
        case .plain(let run): String(decoding: run, as: UTF8.self)
        case .unescaped(let bytes): String(decoding: bytes, as: UTF8.self)
        }
    }

    /// A string value as bytes: a post's body goes to cmark as bytes, and is
    /// never checked for UTF-8 again on its way into a `String`.
    private mutating func parseText() throws(JSONSyntaxError) -> [UInt8] {
        switch try scanString() {
        case .plain(let run): Array(run)
        case .unescaped(let bytes): bytes
        }
    }

    /// What a string holds: a run of the input when it has no escapes, else
    /// the bytes its escapes decode to.
    private enum StringContent {
        case plain(UnsafeBufferPointer<UInt8>)
        case unescaped([UInt8])
    }

    /// Most strings have no escape, and a post's body is a long run between
    /// its `\n`s: the bytes needing attention are found eight at a time.
    private mutating func scanString() throws(JSONSyntaxError) -> StringContent {
        index += 1
        let start = index
        index = nextSpecialByte(from: index)
        guard index < bytes.count else { throw failure("unexpected end of file inside a string") }
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return .plain(UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]))
        }
        // Escapes only ever shorten the text: the rest of the file is room enough.
        var result: Result<Int, JSONSyntaxError> = .success(0)
        let decoded = [UInt8](unsafeUninitializedCapacity: bytes.count - start) { buffer, written in
            guard let target = buffer.baseAddress else { return }
            result = Result { () throws(JSONSyntaxError) -> Int in try unescape(from: start, into: target) }
            written = (try? result.get()) ?? 0
        }
        _ = try result.get()
        return .unescaped(decoded)
    }

    /// The first quote, backslash or control character at or after `start`,
    /// or the end: sixteen bytes at a time where the machine has the
    /// instructions (`CBlockBits`), else eight.
    private func nextSpecialByte(from start: Int) -> Int {
        Self.nextSpecialByte(in: bytes, from: start)
    }

    static func nextSpecialByte(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        #if arch(x86_64)
        guard let base = bytes.baseAddress, start < bytes.count else { return bytes.count }
        return start + sitegen_json_special(base + start, bytes.count - start)
        #else
        return portableNextSpecialByte(in: bytes, from: start)
        #endif
    }

    /// The same, eight bytes at a time in any machine's instructions.
    static func portableNextSpecialByte(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        bytes.firstIndex(from: start) { word in
            word.matching(UInt8(ascii: "\"")) | word.matching(UInt8(ascii: "\\")) | word.below(0x20)
        }
    }

    /// Decodes the string whose text starts at `start` (the parser is at its
    /// first special byte) into `target`, up to its closing quote, and returns
    /// the count written. Runs between escapes are copied whole.
    private mutating func unescape(from start: Int, into target: UnsafeMutablePointer<UInt8>) throws(JSONSyntaxError) -> Int {
        var written = 0
        var runStart = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 { throw failure(JSONMessages.controlCharacterInString(byte)) }
            let run = index - runStart
            if let base = bytes.baseAddress { (target + written).initialize(from: base + runStart, count: run) }
            written += run
            if byte == UInt8(ascii: "\"") {
                index += 1
                return written
            }
            written += try parseEscape(into: target + written)
            runStart = index
            index = nextSpecialByte(from: index)
        }
        throw failure("unexpected end of file inside a string")
    }

    /// Decodes the escape at the parser's backslash into `target` and returns
    /// the count written (never more than the escape's own length).
    private mutating func parseEscape(into target: UnsafeMutablePointer<UInt8>) throws(JSONSyntaxError) -> Int {
        index += 1
        guard index < bytes.count else { throw failure("unexpected end of file inside a string") }
        let escaped = bytes[index]
        index += 1
        let byte: UInt8
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte = escaped
        case UInt8(ascii: "b"): byte = 0x08
        case UInt8(ascii: "f"): byte = 0x0C
        case UInt8(ascii: "n"): byte = 0x0A
        case UInt8(ascii: "r"): byte = 0x0D
        case UInt8(ascii: "t"): byte = 0x09
        case UInt8(ascii: "u"):
            var count = 0
            UTF8.encode(try parseUnicodeEscape()) { unit in
                target[count] = unit
                count += 1
            }
            return count
        default:
            index -= 2
            throw failure("invalid escape '\\\(String(decoding: [escaped], as: UTF8.self))' in a string; write a backslash as '\\\\'")
        }
        target.pointee = byte
        return 1
    }

    private mutating func parseUnicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let first = try parseHexQuad()
        if (0xD800...0xDBFF).contains(first) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw failure("unpaired surrogate \\u\(JSONMessages.hex(first)) in a string")
            }
            index += 2
            let second = try parseHexQuad()
            guard (0xDC00...0xDFFF).contains(second) else { throw failure("unpaired surrogate \\u\(JSONMessages.hex(first)) in a string") }
            let combined = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            if let scalar = Unicode.Scalar(combined) { return scalar }
        } else if let scalar = Unicode.Scalar(first) {
            return scalar
        }
        throw failure("unpaired surrogate \\u\(JSONMessages.hex(first)) in a string")
    }

    private mutating func parseHexQuad() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexDigit(bytes[index]) else {
                throw failure("expected four hexadecimal digits after \\u")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        if peek(UInt8(ascii: "0")) {
            index += 1
        } else if !consumeDigits() {
            throw failure("expected a digit in a number")
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard consumeDigits() else { throw failure("expected a digit after the decimal point") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard consumeDigits() else { throw failure("expected a digit in the exponent") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            throw JSONSyntaxError(location: location(at: start), message: "number '\(text)' is out of range")
        }
        return number
    }

    private mutating func consumeDigits() -> Bool {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index > start
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard index + expected.count <= bytes.count,
              bytes[index..<(index + expected.count)].elementsEqual(expected) else {
            throw failure("unexpected \(JSONMessages.quote(bytes, at: index)); expected a value")
        }
        index += expected.count
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
                columnCache = (index, 1)
            default:
                return
            }
        }
    }

    private func peek(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    private mutating func failure(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(location: location(), message: message)
    }

    private mutating func location() -> SourceLocation {
        location(at: index)
    }

    /// Columns are counted forward from the last position asked for, so a
    /// long single-line file costs linear time, not quadratic.
    private mutating func location(at position: Int) -> SourceLocation {
        let target = min(position, bytes.count)
        var (from, column) = columnCache
        if target < from {
            from = lineStart
            column = 1
        }
        var cursor = from
        while cursor < target {
            if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
            cursor += 1
        }
        columnCache = (target, column)
        return SourceLocation(line: line, column: column)
    }

    private func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
