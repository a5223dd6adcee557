/// By term, the documents holding it, sorted, each `number << 1 | strong`.
/// Made all at once as one array, each term's list a slice of it (an
/// array per term cost 8 MB more at 10,000 posts, and a copy); a list gets
/// an array of its own only when an index kept between builds changes it.
struct PostingLists: Sendable {
    private var flat: [UInt32]
    /// By term: where its list starts in `flat`, then where the last one ends.
    private var starts: [Int]
    /// By term: its own list, once it changed.
    private var own: [[UInt32]?]

    init() {
        self.init(flat: [], starts: [0])
    }

    /// `starts` has one more element than there are terms.
    init(flat: [UInt32], starts: [Int]) {
        self.flat = flat
        self.starts = starts
        own = Array(repeating: nil, count: starts.count - 1)
    }

    var count: Int { own.count }

    subscript(term: Int) -> ArraySlice<UInt32> {
        if let list = own[term] { return list[...] }
        return flat[starts[term]..<starts[term + 1]]
    }

    /// Adds a term with no documents yet.
    mutating func appendEmpty() {
        own.append([])
        starts.append(starts[starts.count - 1])
    }

    /// Changes one term's list in place.
    mutating func update<Result>(_ term: Int, _ body: (inout [UInt32]) -> Result) -> Result {
        var list = own[term] ?? Array(self[term])
        own[term] = nil
        defer { own[term] = list }
        return body(&list)
    }
}
