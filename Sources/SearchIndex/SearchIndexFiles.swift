/// Writes the files of a search index, all under `search/`:
///
/// - `search/index.json`, the manifest, read first by every query: the index
///   version (`v`, to make fetched chunks' URLs change with the index), the
///   number of documents (`n`), documents per document chunk (`s`), the URL
///   that a document's id completes into its JSON file with the text for
///   snippets (`a`, then the id and `.json`), the categories (`c`: title, URL)
///   and the keys of the term chunks (`k`).
/// - `search/t/<hex of key>.json`: one chunk of terms, `{"term":"postings",…}`
///   (`PostingsCoding`), chunked by prefix (`TermChunker`).
/// - `search/d/<n>.json`: documents `n·s` to `n·s + s - 1`, each
///   `[id, title, url, display date, machine date, category index]`.
///
/// Documents are numbered by the caller; a number that stays with its
/// document from build to build keeps the files of unchanged ones unchanged.
public struct SearchIndexFiles: Sendable {
    public struct Document: Sendable, Hashable {
        public let id: String
        public let title: String
        public let url: String
        public let displayDate: String?
        public let machineDate: String?
        public let category: Int

        public init(id: String, title: String, url: String, displayDate: String?, machineDate: String?, category: Int) {
            self.id = id
            self.title = title
            self.url = url
            self.displayDate = displayDate
            self.machineDate = machineDate
            self.category = category
        }
    }

    public struct Category: Sendable, Hashable {
        public let title: String
        public let url: String

        public init(title: String, url: String) {
            self.title = title
            self.url = url
        }
    }

    /// A term chunk's size in bytes past which it is split: a few KB, so a
    /// query fetches little and the manifest's list of keys stays short.
    public static let chunkLimit = 6 * 1024
    /// Eight: the ten results a query shows first are often in ten chunks,
    /// each fetched whole (16 put one query just over 150 KB).
    public static let documentsPerChunk = 8

    public let categories: [Category]
    public let documentURLPrefix: String

    public init(categories: [Category], documentURLPrefix: String) {
        self.categories = categories
        self.documentURLPrefix = documentURLPrefix
    }

    /// Every file of the index, paths relative to the output folder, in a fixed order.
    /// `terms[n]` are the terms of `documents[n]`.
    public func files(documents: [Document], terms: [PostTerms]) -> [(path: String, bytes: [UInt8])] {
        var state = SearchIndexState()
        let update = self.update(&state, documents: documents, terms: terms.enumerated().map { ($0.offset, $0.element) }, jobs: 1)
        let order = Dictionary(uniqueKeysWithValues: state.paths.enumerated().map { ($1, $0) })
        return update.written.sorted { (order[$0.path] ?? 0) < (order[$1.path] ?? 0) }.map { ($0.path, $0.bytes) }
    }

    /// What an update of the index wrote and what it no longer has.
    public struct Update: Sendable {
        /// The files whose bytes changed, the manifest always among them.
        public var written: [IndexFile]
        /// Files of the last state the index no longer has.
        public var removed: [String]
    }

    /// Brings `state` to `documents`, given the terms of those documents that
    /// are new or changed (by number): a fresh state needs every document's.
    /// Only the chunks that hold a changed term and the document chunks of
    /// changed documents are made again.
    public func update(_ state: inout SearchIndexState, documents: [Document], terms: [(number: Int, terms: PostTerms)],
                       jobs: Int) -> Update {
        guard state.terms.documentCount > 0 else {
            var table = TermTable()
            for (number, postTerms) in terms {
                table.begin(document: number)
                table.add(postTerms)
            }
            return update(&state, documents: documents, tables: [table], jobs: jobs)
        }
        for (number, postTerms) in terms.sorted(by: { $0.number < $1.number }) {
            state.terms.replace(document: number, with: postTerms)
        }
        return finish(&state, documents: documents, jobs: jobs)
    }

    /// Makes the index of `state` whole from tables holding the terms of every document.
    public func update(_ state: inout SearchIndexState, documents: [Document], tables: [TermTable], jobs: Int) -> Update {
        state.terms = TermIndex(merging: tables, documentCount: documents.count, changeable: state.changeable)
        return finish(&state, documents: documents, jobs: jobs)
    }

    private func finish(_ state: inout SearchIndexState, documents: [Document], jobs: Int) -> Update {
        var (written, removed) = state.terms.updateChunks(limit: Self.chunkLimit, jobs: jobs)
        let chunkCount = (documents.count + Self.documentsPerChunk - 1) / Self.documentsPerChunk
        for chunk in 0..<chunkCount {
            let start = chunk * Self.documentsPerChunk
            let end = min(start + Self.documentsPerChunk, documents.count)
            let oldEnd = min(start + Self.documentsPerChunk, state.documents.count)
            if chunk < state.documentHashes.count, start < oldEnd,
               documents[start..<end].elementsEqual(state.documents[start..<oldEnd]) { continue }
            let bytes = Self.documentChunk(documents[start..<end])
            let hash = TinyJSON.Hash.of(bytes)
            if chunk < state.documentHashes.count {
                if state.documentHashes[chunk] == hash { continue }
                state.documentHashes[chunk] = hash
            } else {
                state.documentHashes.append(hash)
            }
            written.append(IndexFile(path: "search/d/\(chunk).json", bytes: bytes, hash: hash))
        }
        for chunk in chunkCount..<max(chunkCount, state.documentHashes.count) { removed.append("search/d/\(chunk).json") }
        state.documentHashes.removeLast(max(0, state.documentHashes.count - chunkCount))
        state.documents = documents
        let chunkFiles = state.terms.chunkFiles
        var version = TinyJSON.Hash()
        for file in chunkFiles { version.combine(file.hash) }
        for hash in state.documentHashes { version.combine(hash) }
        let manifest = manifest(version: version.text, count: documents.count, keys: chunkFiles.map(\.key))
        written.append(IndexFile(path: "search/index.json", bytes: manifest, hash: TinyJSON.Hash.of(manifest)))
        state.paths = chunkFiles.map(\.path) + (0..<chunkCount).map { "search/d/\($0).json" } + ["search/index.json"]
        return Update(written: written, removed: removed)
    }

    private static func documentChunk(_ documents: ArraySlice<Document>) -> [UInt8] {
        var json = TinyJSON()
        json.raw("[")
        for (index, document) in documents.enumerated() {
            json.raw(index == 0 ? "[" : ",\n[")
            json.string(document.id)
            json.raw(",")
            json.string(document.title)
            json.raw(",")
            json.string(document.url)
            json.raw(",")
            json.optional(document.displayDate)
            json.raw(",")
            json.optional(document.machineDate)
            json.raw(",")
            json.number(document.category)
            json.raw("]")
        }
        json.raw("]\n")
        return json.bytes
    }

    private func manifest(version: String, count: Int, keys: [String]) -> [UInt8] {
        var json = TinyJSON()
        json.raw("{\"v\":")
        json.string(version)
        json.raw(",\"n\":\(count),\"s\":\(Self.documentsPerChunk),\"a\":")
        json.string(documentURLPrefix)
        json.raw(",\n\"c\":[")
        for (index, category) in categories.enumerated() {
            json.raw(index == 0 ? "[" : ",[")
            json.string(category.title)
            json.raw(",")
            json.string(category.url)
            json.raw("]")
        }
        json.raw("],\n\"k\":[")
        for (index, key) in keys.enumerated() {
            if index > 0 { json.raw(",") }
            json.string(key)
        }
        json.raw("]}\n")
        return json.bytes
    }
}

/// A file of the index, with a hash of its bytes that stands for them.
public struct IndexFile: Sendable {
    public let path: String
    public let bytes: [UInt8]
    public let hash: UInt64
}

/// An index as the last update left it, so that the next one redoes only
/// what changed: kept in memory by a process that builds again and again.
public struct SearchIndexState: Sendable {
    var terms = TermIndex()
    var documents: [SearchIndexFiles.Document] = []
    var documentHashes: [UInt64] = []
    /// Every file of the index, in order.
    public internal(set) var paths: [String] = []
    /// False for an index made once and never updated, which then keeps less.
    let changeable: Bool

    public init(changeable: Bool = true) {
        self.changeable = changeable
    }

    /// The number of documents the index holds.
    public var documentCount: Int { terms.documentCount }

    /// The terms the index holds for document `number`.
    public func terms(ofDocument number: Int) -> PostTerms { terms.terms(ofDocument: number) }
}
