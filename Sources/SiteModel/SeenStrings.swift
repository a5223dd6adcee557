/// The strings met so far, to tell a repeat: the keys of a JSON object, the
/// tags of a post. There are a handful, so they are compared one by one: a
/// `Set` hashed each of them, and for ten keys that cost more than the
/// comparisons. Past `comparedOneByOne` a `Set` takes over, so that many
/// strings stay cheap too. Strings are equal as `String` says (a composed
/// accent and a decomposed one are the same), as in a `Set`.
public struct SeenStrings: Sendable {
    private static let comparedOneByOne = 16
    private var few: [String] = []
    private var many: Set<String>?

    public init() {}

    /// Adds `string`; false when it was met already.
    @discardableResult
    public mutating func insert(_ string: String) -> Bool {
        if let inserted = many?.insert(string).inserted { return inserted }
        if few.contains(string) { return false }
        few.append(string)
        if few.count > Self.comparedOneByOne {
            many = Set(few)
            few = []
        }
        return true
    }

    public func contains(_ string: String) -> Bool {
        many?.contains(string) ?? few.contains(string)
    }
}
