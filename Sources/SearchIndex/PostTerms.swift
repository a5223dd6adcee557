/// The distinct terms of one post, each marked strong when it occurs in a
/// title, description, tag or heading (strong matches rank first). Order is
/// whatever the post's text gave; the index and the cache sort what they need.
public struct PostTerms: Sendable {
    public let terms: [String]
    public let strong: [Bool]

    /// `terms` without repeats, `strong` as long.
    public init(terms: [String], strong: [Bool]) {
        self.terms = terms
        self.strong = strong
    }

    public var count: Int { terms.count }

    /// Collects a post's terms from its texts, each once.
    public struct Collector {
        private var terms: [String] = []
        private var strong: [Bool] = []
        private var positions: [String: Int] = [:]

        public init() {}

        public mutating func add(strongText text: String) {
            SearchTokenizer.forEachTerm(in: text) { add($0, strong: true) }
        }

        public mutating func add(strongText utf8: [UInt8]) {
            utf8.withUnsafeBufferPointer { bytes in
                SearchTokenizer.forEachTerm(inUTF8: bytes) { add($0, strong: true) }
            }
        }

        public mutating func add(bodyText utf8: [UInt8]) {
            if positions.isEmpty { positions.reserveCapacity(utf8.count / 16) }
            utf8.withUnsafeBufferPointer { bytes in
                SearchTokenizer.forEachTerm(inUTF8: bytes) { add($0, strong: false) }
            }
        }

        public mutating func add(_ term: String, strong isStrong: Bool) {
            if let position = positions[term] {
                if isStrong { strong[position] = true }
                return
            }
            positions[term] = terms.count
            terms.append(term)
            strong.append(isStrong)
        }

        public var result: PostTerms { PostTerms(terms: terms, strong: strong) }
    }
}

/// Equal when they hold the same terms with the same marks, in any order.
extension PostTerms: Equatable {
    public static func == (lhs: PostTerms, rhs: PostTerms) -> Bool {
        lhs.count == rhs.count && Dictionary(uniqueKeysWithValues: zip(lhs.terms, lhs.strong))
            == Dictionary(uniqueKeysWithValues: zip(rhs.terms, rhs.strong))
    }
}
