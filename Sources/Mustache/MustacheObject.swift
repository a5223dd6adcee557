/// The keys and values of an object a template sees.
///
/// A view model's object has a dozen keys and is made once for each page, so
/// it is kept as a list rather than a hash table: making it hashes nothing,
/// and a short list is searched as fast as a table is probed. Only a large
/// object (data a caller passes in, say) gets an index as well.
public struct MustacheObject: Sendable {
    private let entries: [(key: String, value: MustacheValue)]
    /// Where each key's value is, for an object too long to search.
    private let index: [String: Int]?

    private static let longestSearched = 24

    /// A repeated key keeps its last value, as in a JSON object.
    public init(_ entries: [(key: String, value: MustacheValue)]) {
        self.entries = entries
        if entries.count > Self.longestSearched {
            index = Dictionary(entries.indices.map { (entries[$0].key, $0) }, uniquingKeysWith: { _, last in last })
        } else {
            index = nil
        }
    }

    public init(_ dictionary: [String: MustacheValue]) {
        self.init(dictionary.map { (key: $0.key, value: $0.value) })
    }

    public subscript(key: String) -> MustacheValue? {
        if let index { return index[key].map { entries[$0].value } }
        // From the end, so that a repeated key's last value wins.
        var position = entries.count - 1
        while position >= 0 {
            if entries[position].key == key { return entries[position].value }
            position -= 1
        }
        return nil
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// Every key the object has, each once.
    public var keys: Set<String> { Set(entries.map(\.key)) }
}

extension MustacheObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }
}

/// Two objects are equal when every key finds equal values in both, whatever their order.
extension MustacheObject: Equatable {
    public static func == (lhs: MustacheObject, rhs: MustacheObject) -> Bool {
        let keys = lhs.keys
        return keys == rhs.keys && keys.allSatisfy { lhs[$0] == rhs[$0] }
    }
}
