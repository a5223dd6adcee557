/// The distinct terms of one post, each marked strong when it occurs in a
/// title, description, tag or heading (strong matches rank first). Held as
/// one buffer of UTF-8 (term `i` is `utf8[starts[i]..<starts[i + 1]]`):
/// 10,000 posts' terms are then 30,000 arrays, not 1.5 million strings.
public struct PostTerms: Sendable {
    public let utf8: [UInt8]
    public let starts: [Int32]
    public let strong: [Bool]

    /// `starts` begins with 0 and ends with `utf8.count`; one flag a term.
    public init(utf8: [UInt8], starts: [Int32], strong: [Bool]) {
        self.utf8 = utf8
        self.starts = starts
        self.strong = strong
    }

    /// The terms given, each once; a repeated term is strong if any of its copies is.
    public init(terms: [String], strong: [Bool]) {
        var collector = Collector()
        for (term, isStrong) in zip(terms, strong) {
            var term = term
            term.withUTF8 { collector.add($0, strong: isStrong) }
        }
        self = collector.result
    }

    public static let empty = PostTerms(utf8: [], starts: [0], strong: [])

    public var count: Int { strong.count }

    public func term(_ index: Int) -> String {
        String(decoding: utf8[Int(starts[index])..<Int(starts[index + 1])], as: UTF8.self)
    }

    public var terms: [String] { (0..<count).map(term) }

    /// Collects a post's terms from its texts, each once.
    public struct Collector {
        private var set = TermSet(capacity: 256)
        private var strong: [Bool] = []

        public init() {
            strong.reserveCapacity(256)
        }

        public mutating func add(strongText text: String) {
            SearchTokenizer.forEachTerm(in: text) { add($0, strong: true) }
        }

        public mutating func add(strongText utf8: [UInt8]) {
            utf8.withUnsafeBufferPointer { bytes in
                SearchTokenizer.forEachTerm(inUTF8: bytes) { add($0, strong: true) }
            }
        }

        public mutating func add(bodyText utf8: [UInt8]) {
            utf8.withUnsafeBufferPointer { bytes in
                SearchTokenizer.forEachTerm(inUTF8: bytes) { add($0, strong: false) }
            }
        }

        public mutating func add(_ term: UnsafeBufferPointer<UInt8>, strong isStrong: Bool) {
            let (number, isNew) = set.insert(term)
            if isNew {
                strong.append(isStrong)
            } else if isStrong {
                strong[number] = true
            }
        }

        /// Copied to their size: the set's buffers grew by doubling, and 10,000 posts' terms stay until the index is written.
        public var result: PostTerms { PostTerms(utf8: Self.fitted(set.bytes), starts: Self.fitted(set.starts), strong: strong) }

        private static func fitted<Element>(_ array: [Element]) -> [Element] {
            array.capacity > array.count + array.count / 4 ? array.withUnsafeBufferPointer { Array($0) } : array
        }
    }
}

/// Equal when they hold the same terms with the same marks, in any order.
extension PostTerms: Equatable {
    public static func == (lhs: PostTerms, rhs: PostTerms) -> Bool {
        lhs.count == rhs.count && Dictionary(uniqueKeysWithValues: zip(lhs.terms, lhs.strong))
            == Dictionary(uniqueKeysWithValues: zip(rhs.terms, rhs.strong))
    }
}
