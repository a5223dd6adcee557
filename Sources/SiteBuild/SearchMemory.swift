import SearchIndex
import SitePresentation

/// The search index of the last build of a process (`sitegen serve`),
/// kept in `BuildMemory` so that the next build puts only the changed
/// posts' terms into it and makes only the files those change.
struct SearchMemory: Sendable {
    var state: SearchIndexState
    /// By document number: the post's id and the key of its terms.
    private(set) var ids: [String]
    private(set) var keys: [UInt64]
    var fingerprint: UInt64
    var files: [(path: String, hash: UInt64)]
    let categories: [SearchIndexFiles.Category]
    let urlPrefix: String
    /// By key: a document holding those terms.
    private var numberOfKey: [UInt64: Int]
    /// The documents the index was made from, for a next build whose posts
    /// all kept their places and listed fields: it keeps them, and looks
    /// again only at the keys of the posts whose files changed.
    var listing: SearchListing?

    init(state: SearchIndexState, ids: [String], keys: [UInt64], fingerprint: UInt64,
         files: [(path: String, hash: UInt64)], categories: [SearchIndexFiles.Category], urlPrefix: String) {
        self.state = state
        self.ids = ids
        self.keys = keys
        self.fingerprint = fingerprint
        self.files = files
        self.categories = categories
        self.urlPrefix = urlPrefix
        numberOfKey = Self.numbers(of: keys)
    }

    /// The same index, its documents now these.
    func with(ids: [String], keys: [UInt64]) -> SearchMemory {
        var next = self
        next.ids = ids
        next.keys = keys
        next.numberOfKey = Self.numbers(of: keys)
        return next
    }

    func holds(_ key: UInt64) -> Bool { numberOfKey[key] != nil }

    func terms(forKey key: UInt64) -> PostTerms? {
        numberOfKey[key].map { state.terms(ofDocument: $0) }
    }

    private static func numbers(of keys: [UInt64]) -> [UInt64: Int] {
        Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// A build's search documents, their rows in the index, and what its keys were made with.
struct SearchListing: Sendable {
    let documents: [SearchDocument]
    let rows: [SearchIndexFiles.Document]
    /// By post index: the document's number, nil for a post not indexed (a draft).
    let numberOfPost: [Int?]
    /// What the keys were made with besides the posts' bytes (see `SearchTermCache.seed`).
    let markdownIdentity: String
}
