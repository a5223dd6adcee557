/// The words of the JSON parser's messages: how a character is quoted, and
/// what to say when a file uses what JavaScript allows and JSON does not.
enum JSONMessages {
    /// The character at `position` as a message quotes it; the code point
    /// tells apart look-alikes such as a no-break space.
    static func quote(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> String {
        let byte = bytes[position]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return "control character U+\(hex(UInt32(byte)))" }
        var iterator = UnsafeBufferPointer(rebasing: bytes[position...]).makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        guard case .valid(let encoded) = parser.parseScalar(from: &iterator) else { return "byte 0x\(hex(UInt32(byte)))" }
        let scalar = Unicode.UTF8.decode(encoded)
        return "'\(Character(scalar))' (U+\(hex(scalar.value)))"
    }

    /// For a control character met inside a string; a line break there
    /// usually means the closing quote is missing.
    static func controlCharacterInString(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            "a string cannot run across lines; write a line break as '\\n', or add the missing closing '\"'"
        case UInt8(ascii: "\t"):
            "a tab must be written as '\\t' in a string"
        default:
            "control character U+\(hex(UInt32(byte))) must be escaped in a string"
        }
    }

    /// For `byte` where a value or key should start: a comment or a
    /// single-quoted string; nil for anything else.
    static func javaScriptHabit(_ byte: UInt8?) -> String? {
        switch byte {
        case UInt8(ascii: "/"): "JSON has no comments; remove it"
        case UInt8(ascii: "'"): "JSON strings and keys take double quotes, not single ones"
        default: nil
        }
    }

    /// At least four upper-case hexadecimal digits, as in `U+00E9`.
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
