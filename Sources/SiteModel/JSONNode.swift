/// A parsed JSON value that remembers where it was written, so that a value of
/// the wrong type can be reported at its own line and column. YAML front
/// matter is read into the same tree, so one reader checks a post's keys.
public struct JSONNode: Sendable {
    public enum Value: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(JSONText)
        case array([JSONNode])
        case object([Member])
    }

    /// One `"key": value` pair; members keep the order of the file.
    public struct Member: Sendable {
        public let key: String
        public let keyLocation: SourceLocation
        public let value: JSONNode
    }

    public let value: Value
    public let location: SourceLocation
    /// Where the value begins in the file, in bytes, so that one value can be
    /// read again later without keeping it or parsing the rest. Always 0 in
    /// front matter, whose values are never read back that way.
    public let offset: Int

    /// A name for the kind of value, as an error message would say it.
    public var kindName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// The text of a JSON string, as the UTF-8 bytes it decodes to. The file is
/// checked for UTF-8 before it is parsed, so these bytes are valid UTF-8; a
/// post's body goes on to cmark as they are, never made into a `String`.
public struct JSONText: Sendable, Equatable, CustomStringConvertible {
    public let utf8: [UInt8]

    public init(utf8: [UInt8]) {
        self.utf8 = utf8
    }

    public var string: String { String(decoding: utf8, as: UTF8.self) }

    public var description: String { string }
}

extension JSONText: ExpressibleByStringLiteral {
    public init(stringLiteral text: String) {
        utf8 = Array(text.utf8)
    }
}

/// Malformed JSON, at the position where the parser gave up.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public let location: SourceLocation
    public let message: String
}
