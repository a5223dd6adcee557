/// The keys and values of an object a template sees.
///
/// A view model's object has a dozen keys and is made once for each page, so
/// it is kept as a list rather than a hash table: making it hashes nothing,
/// and a short list is searched as fast as a table is probed. Only a large
/// object (data a caller passes in, say) gets an index as well.
public struct MustacheObject: Sendable {
    /// Kept as a dictionary literal gives them, so that making an object copies nothing.
    private let entries: [(String, MustacheValue)]
    /// Where each key's value is, for an object too long to search.
    private let index: [String: Int]?

    /// A post page's object (26 keys) is still searched: indexing it would
    /// hash every key of every page, for a handful of lookups each.
    private static let longestSearched = 32

    /// A repeated key keeps its last value, as in a JSON object.
    public init(_ entries: [(key: String, value: MustacheValue)]) {
        self.init(entries: entries.map { ($0.key, $0.value) })
    }

    init(entries: [(String, MustacheValue)]) {
        self.entries = entries
        if entries.count > Self.longestSearched {
            index = Dictionary(entries.indices.map { (entries[$0].0, $0) }, uniquingKeysWith: { _, last in last })
        } else {
            index = nil
        }
    }

    public init(_ dictionary: [String: MustacheValue]) {
        self.init(dictionary.map { (key: $0.key, value: $0.value) })
    }

    public subscript(key: String) -> MustacheValue? {
        if let index { return index[key].map { entries[$0].1 } }
        // From the end, so that a repeated key's last value wins. Lengths
        // are compared first: most keys differ in length, and that costs one
        // load, where comparing two short strings that differ is a call.
        let length = key.utf8.count
        var position = entries.count - 1
        while position >= 0 {
            if entries[position].0.utf8.count == length, entries[position].0 == key { return entries[position].1 }
            position -= 1
        }
        return nil
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// Every key the object has, each once.
    public var keys: Set<String> { Set(entries.map(\.0)) }
}

extension MustacheObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self.init(entries: elements)
    }
}

/// Two objects are equal when every key finds equal values in both, whatever their order.
extension MustacheObject: Equatable {
    public static func == (lhs: MustacheObject, rhs: MustacheObject) -> Bool {
        let keys = lhs.keys
        return keys == rhs.keys && keys.allSatisfy { lhs[$0] == rhs[$0] }
    }
}
