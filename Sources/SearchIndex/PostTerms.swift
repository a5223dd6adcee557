import ByteScan

/// The distinct terms of one post, each marked strong when it occurs in a
/// title, description, tag or heading (strong matches rank first), as the
/// term cache holds them. Held as one buffer of UTF-8 (term `i` is
/// `utf8[starts[i]..<starts[i + 1]]`), not one string a term.
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
        var table = TermTable()
        table.begin(document: 0)
        for (term, isStrong) in zip(terms, strong) {
            term.withUTF8InPlace { table.add($0, strong: isStrong) }
        }
        self = table.terms(ofDocumentAt: 0)
    }

    public static let empty = PostTerms(utf8: [], starts: [0], strong: [])

    public var count: Int { strong.count }

    public func term(_ index: Int) -> String {
        String(decoding: utf8[Int(starts[index])..<Int(starts[index + 1])], as: UTF8.self)
    }

    public var terms: [String] { (0..<count).map(term) }
}

/// Equal when they hold the same terms with the same marks, in any order.
extension PostTerms: Equatable {
    public static func == (lhs: PostTerms, rhs: PostTerms) -> Bool {
        lhs.count == rhs.count && Dictionary(uniqueKeysWithValues: zip(lhs.terms, lhs.strong))
            == Dictionary(uniqueKeysWithValues: zip(rhs.terms, rhs.strong))
    }
}
