/// The keys and values of an object a template sees.
///
/// A view model's object has a dozen keys and is made once for each page, so
/// it is kept as a list rather than a hash table: making it hashes nothing,
/// and a short list is searched as fast as a table is probed. Only a large
/// object (data a caller passes in, say) gets an index as well.
public struct MustacheObject: Sendable {
    /// Kept as a dictionary literal gives them, so that making an object copies nothing.
    private let entries: [(String, MustacheValue)]
    /// What few objects have, kept out of line so that every object (and
    /// every value, which holds one) stays two words long.
    private var extras: Extras?

    private final class Extras: Sendable {
        /// Where each key's value is, for an object too long to search.
        let index: [String: Int]?
        let identity: Identity?
        /// Makes the entries of an object made only when read.
        let make: (@Sendable () -> MustacheObject)?

        init(index: [String: Int]?, identity: Identity?, make: (@Sendable () -> MustacheObject)? = nil) {
            self.index = index
            self.identity = identity
            self.make = make
        }
    }

    /// Names the object's content, so what a list section renders from it
    /// alone can be kept and copied (`FragmentCache`).
    public var identity: Identity? { extras?.identity }

    /// Two objects with the same identity hold the same keys and values: the
    /// name says which thing the object shows (a post's id), the fingerprint
    /// which version of it (a hash of everything shown).
    public struct Identity: Hashable, Sendable {
        public let name: String
        public let fingerprint: Int

        public init(name: String, fingerprint: Int) {
            self.name = name
            self.fingerprint = fingerprint
        }

        /// The fingerprint is a hash already; hashing the name too (a
        /// string, normalized first) cost more than the lookups it served.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(fingerprint)
        }
    }

    /// A post page's object (26 keys) is still searched: indexing it would
    /// hash every key of every page, for a handful of lookups each.
    private static let longestSearched = 32

    /// A repeated key keeps its last value, as in a JSON object.
    public init(_ entries: [(key: String, value: MustacheValue)]) {
        var seen = Set<String>()
        var distinct: [(String, MustacheValue)] = []
        distinct.reserveCapacity(entries.count)
        for entry in entries.reversed() where seen.insert(entry.key).inserted {
            distinct.append((entry.key, entry.value))
        }
        self.init(entries: distinct.reversed())
    }

    /// `entries` have distinct keys, as a dictionary literal's must: a key's
    /// place may be tried first (`KeyHints`), and taken to hold its only value.
    init(entries: [(String, MustacheValue)]) {
        assert(Set(entries.map(\.0)).count == entries.count, "an object's keys are distinct")
        self.entries = entries
        if entries.count > Self.longestSearched {
            let index = Dictionary(entries.indices.map { (entries[$0].0, $0) }, uniquingKeysWith: { _, last in last })
            extras = Extras(index: index, identity: nil)
        }
    }

    /// An object named by `identity` whose entries are made only when a
    /// template reads them: a list element that a `FragmentCache` copies is
    /// never made at all. A section makes it once, when it pushes it.
    public init(identity: Identity, deferred make: @escaping @Sendable () -> MustacheObject) {
        entries = []
        extras = Extras(index: nil, identity: identity, make: make)
    }

    var isDeferred: Bool { extras?.make != nil }

    /// The object with its entries made, when it was deferred.
    var materialized: MustacheObject {
        guard let extras, let make = extras.make else { return self }
        var object = make()
        object.extras = Extras(index: object.extras?.index, identity: extras.identity)
        return object
    }

    public init(_ dictionary: [String: MustacheValue]) {
        self.init(entries: dictionary.map { ($0.key, $0.value) })
    }

    public subscript(key: String) -> MustacheValue? {
        if let extras {
            if extras.make != nil { return materialized[key] }
            if let index = extras.index { return index[key].map { entries[$0].1 } }
        }
        return position(ofKey: key).map { entries[$0].1 }
    }

    /// The value of `key`, tried first where `hints` says a template's key
    /// `slot` was found last; a search notes where it found it. Keys are
    /// distinct in an object (`init(entries:)`), so the place tried, when
    /// it holds the key, holds its only value.
    @inline(__always)
    func value(forKey key: String, slot: Int, hints: KeyHints) -> MustacheValue? {
        if let extras, extras.index != nil || extras.make != nil { return self[key] }
        let hint = hints.place(ofKey: slot)
        if hint < entries.count, entries[hint].0 == key { return entries[hint].1 }
        guard let found = position(ofKey: key) else { return nil }
        hints.note(found, forKey: slot)
        return entries[found].1
    }

    /// Where `key` is among the entries. Lengths are compared first: most
    /// keys differ in length, and that costs one load, where comparing two
    /// short strings that differ is a call.
    private func position(ofKey key: String) -> Int? {
        let length = key.utf8.count
        var position = entries.count - 1
        while position >= 0 {
            if entries[position].0.utf8.count == length, entries[position].0 == key { return position }
            position -= 1
        }
        return nil
    }

    public var isEmpty: Bool { extras?.make != nil ? materialized.isEmpty : entries.isEmpty }

    /// The same object, named by `identity`.
    public func identified(by identity: Identity) -> MustacheObject {
        var object = self
        object.extras = Extras(index: extras?.index, identity: identity, make: extras?.make)
        return object
    }

    /// Every key the object has, each once.
    public var keys: Set<String> { extras?.make != nil ? materialized.keys : Set(entries.map(\.0)) }
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
