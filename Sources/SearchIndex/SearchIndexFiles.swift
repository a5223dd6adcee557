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
    public static let documentsPerChunk = 16

    public let categories: [Category]
    public let documentURLPrefix: String

    public init(categories: [Category], documentURLPrefix: String) {
        self.categories = categories
        self.documentURLPrefix = documentURLPrefix
    }

    /// Every file of the index, paths relative to the output folder, in a fixed order.
    /// `terms[n]` are the terms of `documents[n]`.
    public func files(documents: [Document], terms: [PostTerms]) -> [(path: String, bytes: [UInt8])] {
        var files: [(path: String, bytes: [UInt8])] = []
        let chunks = TermChunker.chunks(Self.entries(terms), limit: Self.chunkLimit)
        for chunk in chunks {
            var json = TinyJSON()
            json.raw("{")
            for (index, entry) in chunk.entries.enumerated() {
                if index > 0 { json.raw(",") }
                json.string(entry.term)
                json.raw(":\"")
                json.bytes.append(contentsOf: entry.postings)
                json.raw("\"")
            }
            json.raw("}\n")
            files.append(("search/t/" + TermChunker.fileName(ofKey: chunk.key), json.bytes))
        }
        var start = 0
        while start < documents.count {
            let end = min(start + Self.documentsPerChunk, documents.count)
            files.append(("search/d/\(start / Self.documentsPerChunk).json", Self.documentChunk(documents[start..<end])))
            start = end
        }
        var version = TinyJSON.Hash()
        for file in files { version.combine(file.bytes) }
        files.append(("search/index.json", manifest(version: version.text, count: documents.count, keys: chunks.map(\.key))))
        return files
    }

    /// Every term with its postings, sorted by UTF-8 bytes. Terms are
    /// numbered in one `TermSet` as they come, so that no term becomes a
    /// `String` before it is written.
    static func entries(_ terms: [PostTerms]) -> [TermChunker.Entry] {
        var all = TermSet(capacity: 4096)
        var postings: [[UInt32]] = []
        for (number, post) in terms.enumerated() {
            post.utf8.withUnsafeBufferPointer { utf8 in
                for index in 0..<post.count {
                    let term = UnsafeBufferPointer(rebasing: utf8[Int(post.starts[index])..<Int(post.starts[index + 1])])
                    let (id, isNew) = all.insert(term)
                    if isNew { postings.append([]) }
                    postings[id].append(UInt32(number) << 1 | (post.strong[index] ? 1 : 0))
                }
            }
        }
        let order = all.bytes.withUnsafeBufferPointer { bytes in
            (0..<all.count).sorted { left, right in
                let a = UnsafeBufferPointer(rebasing: bytes[Int(all.starts[left])..<Int(all.starts[left + 1])])
                let b = UnsafeBufferPointer(rebasing: bytes[Int(all.starts[right])..<Int(all.starts[right + 1])])
                return a.lexicographicallyPrecedes(b)
            }
        }
        return order.map { id in TermChunker.Entry(term: all.string(id), postings: PostingsCoding.encode(postings[id])) }
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
            json.raw(",\(document.category)]")
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
