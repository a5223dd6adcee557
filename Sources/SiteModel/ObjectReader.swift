#if canImport(Glibc)
import Glibc
#endif

/// Takes typed values out of a JSON object and records, as diagnostics,
/// every key that is missing, of the wrong type or unknown.
struct ObjectReader {
    let path: String
    let location: SourceLocation
    /// The members in the order of the file.
    private let order: [JSONNode.Member]
    /// Where each key is in `order`, only for an object too long to search:
    /// a post's dozen keys are found faster by comparing than by hashing.
    private let index: [String: Int]?
    private var consumed = SeenStrings()
    private(set) var diagnostics: [Diagnostic] = []

    /// Nil, with the error recorded by the caller, when `node` is not an object.
    init?(_ node: JSONNode, path: String) {
        guard case .object(let members) = node.value else { return nil }
        self.path = path
        self.location = node.location
        self.order = members
        self.index = members.count > 16
            ? Dictionary(members.indices.map { (members[$0].key, $0) }, uniquingKeysWith: { first, _ in first }) : nil
    }

    /// Parses a whole file that must hold one JSON object; `what` names it
    /// in the message when it holds something else ("a post must be …").
    static func parse(_ bytes: [UInt8], path: String, describing what: String) -> Result<ObjectReader, Diagnostic> {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            return .failure(.error(error.message, in: path, at: error.location))
        }
        guard let object = ObjectReader(root, path: path) else {
            return .failure(.error("\(what) must be a JSON object, not \(root.kindName)", in: path, at: root.location))
        }
        return .success(object)
    }

    mutating func node(_ key: String) -> JSONNode? {
        consumed.insert(key)
        return member(key)?.value
    }

    /// The first member named `key`.
    private func member(_ key: String) -> JSONNode.Member? {
        if let index { return index[key].map { order[$0] } }
        return order.first { $0.key == key }
    }

    mutating func requiredString(_ key: String) -> String? {
        guard let value = node(key) else {
            error("missing required key '\(key)'", at: location)
            return nil
        }
        return text(value, key: key)?.string
    }

    /// The one of `names` the file uses, for a key with synonyms (`desc`,
    /// `description`, `summary`); an error when it uses two of them.
    mutating func key(among names: [String]) -> String? {
        let present = names.filter { member($0) != nil }
        for extra in present.dropFirst() {
            consumed.insert(extra)
            error("'\(extra)' and '\(present[0])' say the same thing; keep one of them", at: member(extra)?.keyLocation)
        }
        return present.first
    }

    mutating func optionalString(_ key: String) -> String? {
        node(key).flatMap { text($0, key: key)?.string }
    }

    /// A list of strings (`tags`); an error names the first element that is not one.
    mutating func optionalStringList(_ key: String) -> [String]? {
        guard let value = node(key) else { return nil }
        guard case .array(let elements) = value.value else {
            error("'\(key)' must be a list of strings, not \(value.kindName)", at: value.location)
            return nil
        }
        var strings: [String] = []
        for element in elements {
            guard let text = text(element, key: key) else { return nil }
            strings.append(text.string)
        }
        return strings
    }

    /// Checks a required string but keeps only where it starts in the file,
    /// for a value too large to hold that is read again when it is needed.
    mutating func requiredStringOffset(_ key: String) -> Int? {
        guard let value = node(key) else {
            error("missing required key '\(key)'", at: location)
            return nil
        }
        return text(value, key: key).map { _ in value.offset }
    }

    mutating func optionalBool(_ key: String) -> Bool? {
        guard let value = node(key) else { return nil }
        guard case .bool(let flag) = value.value else {
            if case .string(let text) = value.value, let meant = Self.oldBooleans[text.string.lowercased()] {
                error("'\(key)' must be true or false; write \(meant), not '\(text.string)'", at: value.location)
            } else {
                error("'\(key)' must be true or false, not \(value.kindName)", at: value.location)
            }
            return nil
        }
        return flag
    }

    mutating func optionalInteger(_ key: String) -> Int? {
        guard let value = node(key) else { return nil }
        guard case .number(let number) = value.value else {
            error("'\(key)' must be a whole number, not \(value.kindName)", at: value.location)
            return nil
        }
        guard number.rounded() == number else {
            error("'\(key)' must be a whole number, not a fraction", at: value.location)
            return nil
        }
        guard abs(number) < 1e15 else {
            error("'\(key)' is too large", at: value.location)
            return nil
        }
        return Int(number)
    }

    /// The booleans of YAML 1.1 and of habit, which YAML 1.2 reads as text.
    private static let oldBooleans = ["yes": "true", "no": "false", "on": "true", "off": "false", "y": "true", "n": "false"]

    mutating func error(_ message: String, at location: SourceLocation?) {
        diagnostics.append(.error(message, in: path, at: location))
    }

    mutating func appendDiagnostic(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// Adds a warning for each key nobody asked for, in the order of the file.
    mutating func warnAboutUnknownKeys() {
        for member in order where !consumed.contains(member.key) {
            diagnostics.append(.warning("unknown key '\(member.key)' is ignored", in: path, at: member.keyLocation))
        }
    }

    private mutating func text(_ value: JSONNode, key: String) -> JSONText? {
        guard case .string(let text) = value.value else {
            error("'\(key)' must be a string, not \(value.kindName)", at: value.location)
            return nil
        }
        if Self.containsNUL(text) {
            error("'\(key)' contains a NUL character (\\u0000); remove it", at: value.location)
            return nil
        }
        return text
    }

    /// `memchr` looks at the bytes of a 20 MB body far faster than a loop.
    private static func containsNUL(_ text: JSONText) -> Bool {
        text.utf8.withUnsafeBufferPointer { bytes in bytes.baseAddress.map { memchr($0, 0, bytes.count) != nil } ?? false }
    }
}
