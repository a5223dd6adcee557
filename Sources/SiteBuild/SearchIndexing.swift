import Foundation
import SearchIndex
import SiteModel
import SitePresentation
import SiteViews

/// Gathers the terms of the posts that need them while the post pages
/// render, then writes the index. A post whose terms the last build knew
/// (same file, same renderer, same title, description and tags) is not
/// rendered for them. With the last index kept in memory (`sitegen serve`),
/// only the terms of changed posts go into it and only the files they
/// change are made again; otherwise the index is made whole from the cached
/// terms and written through the output store, which rewrites only files
/// whose bytes changed. Threads record terms for different posts at once,
/// each into a table of its own (`TermTable`), merged once at the end.
final class SearchIndexing: @unchecked Sendable {
    let documents: [SearchDocument]
    private let markdownIdentity: String
    private let previous: SearchTermCache
    /// The last build's index, until this build takes it to change.
    private var memory: SearchMemory?
    private let jobs: Int
    /// True in a process that keeps the index for its next build.
    private let keepsIndex: Bool
    /// By post index: the document's number, nil for a post not indexed (a draft).
    private let numberOfPost: [Int?]
    /// By document number: the key of its terms.
    private let keys: [UInt64]
    /// By document number: the document's row in the index.
    private let rows: [SearchIndexFiles.Document]
    /// True when the documents are the last build's (see `init`).
    private let reusedListing: Bool
    /// How many documents, from the first, the kept index holds as they are numbered now.
    private let keptPrefix: Int
    private let lock = NSLock()
    /// By document number: true once its terms are in one of `tables`.
    private var hasTerms: [Bool]
    /// The terms this build took, one table per thread taking them at the time
    /// (taken out while in use); kept for the next cache's new entries.
    private var tables: [TermTable] = []
    private var index: (fingerprint: UInt64, files: [(path: String, hash: UInt64)]) = (0, [])
    /// What the next build of the process may start from; nil until the index is written.
    private var nextMemory: SearchMemory?
    /// The index made by a build that keeps none: held, not freed, as long
    /// as this object is, which a build that exits leaves to the exit
    /// (freeing its ten thousand lists took as long as writing a page of them).
    private var madeState: SearchIndexState?

    /// A process that keeps its last index (`memory`) needs no cache file.
    /// `changedPosts`, when the posts kept their places and listed fields
    /// since that index was made, are those whose files changed: the last
    /// build's documents stand, and only those posts' keys are made again.
    /// `previous`: the term cache, read for a process that keeps no index (`memory`).
    init(presenter: SitePresenter, previous: SearchTermCache, memory buildMemory: BuildMemory?,
         changedPosts: Set<Int>?, loadedTerms: LoadedTerms? = nil, jobs: Int) {
        markdownIdentity = presenter.markdown.identity
        memory = buildMemory?.takeSearch()
        self.previous = memory == nil ? previous : SearchTermCache()
        self.jobs = jobs
        keepsIndex = buildMemory != nil
        let seed = SearchTermCache.seed(markdownIdentity: markdownIdentity)
        if let memory, let listing = memory.listing, let changedPosts, listing.markdownIdentity == markdownIdentity,
           listing.numberOfPost.count == presenter.posts.count, memory.keys.count == listing.documents.count,
           memory.ids.count == listing.documents.count {
            documents = listing.documents
            rows = listing.rows
            numberOfPost = listing.numberOfPost
            var keys = memory.keys
            for index in changedPosts {
                guard let number = listing.numberOfPost[index] else { continue }
                keys[number] = SearchTermCache.key(sourceHash: presenter.posts[index].post.sourceHash, seed: seed)
            }
            self.keys = keys
            keptPrefix = documents.count
            reusedListing = true
        } else {
            documents = presenter.searchDocuments
            rows = documents.map { document in
                SearchIndexFiles.Document(id: document.id, title: document.title, url: document.url,
                                          displayDate: document.displayDate, machineDate: document.machineDate,
                                          category: document.categoryIndex)
            }
            var numberOfPost = [Int?](repeating: nil, count: presenter.posts.count)
            for (number, document) in documents.enumerated() { numberOfPost[document.postIndex] = number }
            self.numberOfPost = numberOfPost
            keys = documents.map { document in
                SearchTermCache.key(sourceHash: presenter.posts[document.postIndex].post.sourceHash, seed: seed)
            }
            var kept = 0
            if let memory {
                while kept < min(memory.ids.count, documents.count), memory.ids[kept] == documents[kept].id { kept += 1 }
            }
            keptPrefix = kept
            reusedListing = false
        }
        hasTerms = Array(repeating: false, count: documents.count)
        // The terms of the posts read with their bodies walked, taken then
        // (in `sitegen serve`, those of the edited posts alone).
        if let loadedTerms, loadedTerms.tookAny {
            var files: [(path: String, number: Int)] = []
            files.reserveCapacity(documents.count)
            for number in documents.indices { files.append((presenter.posts[documents[number].postIndex].post.sourcePath, number)) }
            let loaded = loadedTerms.tables(numbering: files)
            for table in loaded {
                for (number, _) in table.documentPlaces { hasTerms[number] = true }
            }
            tables = loaded
        }
    }

    /// True when the post's terms must be taken from its rendered body: it is
    /// indexed, and neither the kept index, the cache, nor the terms taken
    /// while loading hold them.
    func needsBody(ofPost index: Int, _ post: Post) -> Bool {
        guard let number = numberOfPost[index] else { return false }
        return !isKnown(number) && !lock.withLock { hasTerms[number] }
    }

    private func isKnown(_ number: Int) -> Bool {
        if let memory {
            if number < keptPrefix, memory.keys[number] == keys[number] { return true }
            return memory.holds(keys[number])
        }
        return previous.contains(keys[number])
    }

    /// Takes the terms of a post from the text its rendering walked through.
    func record(_ body: RenderedMarkdown, ofPost index: Int) {
        guard let number = numberOfPost[index] else { return }
        add(number) { table in
            table.add(strongTexts: documents[number].strongTexts, headingText: body.headingText)
            table.add(bodyText: body.text)
        }
    }

    /// Puts document `number`'s terms into a table no other thread is
    /// using, unless some table holds them already.
    private func add(_ number: Int, _ fill: (inout TermTable) -> Void) {
        guard var table = lock.withLock({ () -> TermTable? in
            guard !hasTerms[number] else { return nil }
            hasTerms[number] = true
            return tables.popLast() ?? TermTable()
        }) else { return }
        table.begin(document: number)
        fill(&table)
        lock.withLock { tables.append(table) }
    }

    /// Calls `body` with each table holding one of `numbers`' terms, and those documents' places in it.
    private func forEachTable(holding numbers: Set<Int>, _ body: (TermTable, [(number: Int, place: Int)]) -> Void) {
        for table in lock.withLock({ tables }) {
            let places = table.documentPlaces.filter { numbers.contains($0.number) }
            if !places.isEmpty { body(table, places) }
        }
    }

    /// Writes the index once the post jobs have run; renders the bodies of
    /// the posts whose terms are needed and that no job recorded.
    func write(presenter: SitePresenter, to store: OutputStore) throws {
        let categories = presenter.searchCategories.map { SearchIndexFiles.Category(title: $0.title, url: $0.url) }
        // A kept index finds what changed by itself: the fingerprint is for the cache file.
        let fingerprint = memory != nil ? 0 : Self.indexFingerprint(categories: categories, urlPrefix: presenter.searchTextURLPrefix,
                                                                    rows: rows, keys: keys)
        let last = memory.map { ($0.fingerprint, $0.files) } ?? (previous.indexFingerprint, previous.indexFiles)
        if memory == nil, fingerprint == last.0, !last.1.isEmpty, store.reuse(last.1.map { ($0.path, $0.hash) }) {
            index = (fingerprint, last.1)
            nextMemory = memory
            return
        }
        let indexFiles = SearchIndexFiles(categories: categories, documentURLPrefix: presenter.searchTextURLPrefix)
        // Kept in memory, from an index of the same categories and text URL: only changed posts go in.
        let canUpdate = memory.map { $0.categories == categories && $0.urlPrefix == presenter.searchTextURLPrefix
            && keptPrefix == $0.ids.count } ?? false
        if canUpdate, var memory = takeMemory() {
            let changed = (0..<documents.count).filter { $0 >= keptPrefix || memory.keys[$0] != keys[$0] }
            let changedTerms = try terms(of: changed, presenter: presenter)
            let update = indexFiles.update(&memory.state, documents: rows, terms: changedTerms, jobs: jobs)
            memory = memory.with(ids: reusedListing ? memory.ids : rows.map(\.id), keys: keys)
            let hashes = Dictionary(update.written.map { ($0.path, $0.hash) }, uniquingKeysWith: { a, _ in a })
            let oldHashes = Dictionary(memory.files.map { ($0.path, $0.hash) }, uniquingKeysWith: { a, _ in a })
            let files = memory.state.paths.map { path in (path: path, hash: hashes[path] ?? oldHashes[path] ?? 0) }
            let unchanged = files.filter { hashes[$0.path] == nil }
            if store.keptLive || store.reuse(unchanged.map { ($0.path, $0.hash) }) {
                try write(update.written, to: store)
                store.drop(update.removed)
                finish(fingerprint: fingerprint, files: files, memory: memory)
                return
            }
            self.memory = memory  // the files are not all in place: made whole below, from these terms
        }
        // Made whole, from every post's terms: this build's, the cache's, the kept index's or its body's.
        // The cache's come as its tables, each post under its number.
        if memory == nil, previous.count > 0 {
            let numbers = lock.withLock {
                Dictionary((0..<documents.count).filter { !hasTerms[$0] }.map { (keys[$0], $0) }, uniquingKeysWith: { first, _ in first })
            }
            let cached = previous.tables { numbers[$0] }
            lock.withLock {
                for table in cached {
                    for (number, _) in table.documentPlaces { hasTerms[number] = true }
                }
                tables += cached
            }
        }
        let missing = lock.withLock { (0..<documents.count).filter { !hasTerms[$0] } }
        try missing.parallelMap(jobs: jobs) { number in
            Result { () throws(DiagnosticsError) in try self.addTerms(of: number, presenter: presenter) }
        }.forEach { try $0.get() }
        var state = SearchIndexState(changeable: keepsIndex)
        let update = indexFiles.update(&state, documents: rows, tables: lock.withLock { tables }, jobs: jobs)
        // Only a build that writes the term cache needs them still.
        if keepsIndex { lock.withLock { tables = [] } }
        try write(update.written, to: store)
        var files = update.written.map { (path: $0.path, hash: $0.hash) }
        if store.keptLive { store.drop(Set(last.1.map(\.path)).subtracting(state.paths).sorted()) }
        let order = Dictionary(uniqueKeysWithValues: state.paths.enumerated().map { ($1, $0) })
        files.sort { (order[$0.path] ?? 0) < (order[$1.path] ?? 0) }
        finish(fingerprint: fingerprint, files: files,
               memory: !keepsIndex ? nil : SearchMemory(state: state, ids: rows.map(\.id), keys: keys, fingerprint: fingerprint,
                                                          files: files, categories: categories,
                                                          urlPrefix: presenter.searchTextURLPrefix))
        if !keepsIndex { madeState = consume state }
    }

    /// Stages the files on the build's threads, each fingerprinted by its own hash.
    private func write(_ files: [IndexFile], to store: OutputStore) throws(OutputError) {
        let failures = files.parallelMap(jobs: jobs) { file -> OutputError? in
            do throws(OutputError) {
                try store.write(RenderedFile(path: file.path, bytes: file.bytes), fingerprint: file.hash)
                return nil
            } catch {
                return error
            }
        }
        if let failure = failures.compactMap({ $0 }).first { throw failure }
    }

    /// The index for the next build of the process, given up by this one so
    /// that the next changes it in place (the build's leftovers hold this object a while).
    func takeNextMemory() -> SearchMemory? {
        lock.withLock {
            defer { nextMemory = nil }
            return nextMemory
        }
    }

    private func takeMemory() -> SearchMemory? {
        defer { memory = nil }
        return memory
    }

    private func finish(fingerprint: UInt64, files: [(path: String, hash: UInt64)], memory: SearchMemory?) {
        index = (fingerprint, files)
        nextMemory = memory.map {
            var kept = $0
            kept.fingerprint = fingerprint
            kept.files = files
            kept.listing = SearchListing(documents: documents, rows: rows, numberOfPost: numberOfPost,
                                         markdownIdentity: markdownIdentity)
            return kept
        }
    }

    /// Puts document `number`'s terms into a table, unless one holds them:
    /// from the cache, from the kept index, or from its body rendered now.
    private func addTerms(of number: Int, presenter: SitePresenter) throws(DiagnosticsError) {
        if lock.withLock({ hasTerms[number] }) { return }
        if let known = previous.terms(for: keys[number]) ?? memory?.terms(forKey: keys[number]) {
            add(number) { $0.add(known) }
            return
        }
        let post = presenter.posts[documents[number].postIndex].post
        record(presenter.markdown.render(try post.markdown()), ofPost: documents[number].postIndex)
    }

    /// The terms of these documents (by number, ascending), wherever they are.
    private func terms(of numbers: [Int], presenter: SitePresenter) throws(DiagnosticsError) -> [(Int, PostTerms)] {
        var found: [Int: PostTerms] = [:]
        for number in numbers where !lock.withLock({ hasTerms[number] }) {
            if let known = previous.terms(for: keys[number]) ?? memory?.terms(forKey: keys[number]) { found[number] = known }
        }
        for number in numbers where found[number] == nil { try addTerms(of: number, presenter: presenter) }
        forEachTable(holding: Set(numbers).subtracting(found.keys)) { table, places in
            for (number, place) in places { found[number] = table.terms(ofDocumentAt: place) }
        }
        return numbers.map { ($0, found[$0] ?? .empty) }
    }

    /// The bytes of the next build's cache, or nil when the last one holds
    /// exactly this build's keys and index. Written from the tables, which
    /// hold every post's terms once the index was made whole (a build that
    /// keeps the last index writes no cache); a post no table holds is left
    /// out, and taken from its body by the next build.
    var nextCacheContents: SearchTermCache.Contents? {
        lock.withLock {
            let sameIndex = index.fingerprint == previous.indexFingerprint
                && index.files.elementsEqual(previous.indexFiles) { $0.path == $1.path && $0.hash == $1.hash }
            if sameIndex, Set(keys).count == previous.count, keys.allSatisfy(previous.contains) { return nil }
            var documents: [(key: UInt64, table: Int, place: Int)] = []
            documents.reserveCapacity(keys.count)
            for (index, table) in tables.enumerated() {
                for (number, place) in table.documentPlaces { documents.append((keys[number], index, place)) }
            }
            // One entry a key: posts of the same file and renderer have the same terms.
            documents.sort { $0.key < $1.key }
            documents = documents.enumerated().filter { $0.offset == 0 || documents[$0.offset - 1].key != $0.element.key }.map(\.element)
            return SearchTermCache.contents(indexFingerprint: index.fingerprint, indexFiles: index.files, tables: tables,
                                         documents: documents)
        }
    }
}
