import Foundation
import SearchIndex
import SiteModel
import SitePresentation
import SiteViews

/// Gathers the terms of every indexed post while the post pages render, then
/// writes the index. A post whose terms the last build cached (same file,
/// same renderer) is not rendered for them; any other post's terms come from
/// its rendered page. Threads record terms for different posts at once.
final class SearchIndexing: @unchecked Sendable {
    let documents: [SearchDocument]
    private let markdownIdentity: String
    private let previous: SearchTermCache
    /// By post index: the document of the post, nil for one not indexed (a draft).
    private let documentOfPost: [SearchDocument?]
    private let lock = NSLock()
    private var terms: [PostTerms?]
    private var keys: [UInt64]
    /// The fingerprint and paths of the index files this build wrote or kept.
    private var index: (fingerprint: UInt64, paths: [String]) = (0, [])

    init(presenter: SitePresenter, previous: SearchTermCache) {
        documents = presenter.searchDocuments
        markdownIdentity = presenter.markdown.identity
        self.previous = previous
        var documentOfPost = [SearchDocument?](repeating: nil, count: presenter.posts.count)
        for document in documents { documentOfPost[document.postIndex] = document }
        self.documentOfPost = documentOfPost
        terms = Array(repeating: nil, count: presenter.posts.count)
        keys = Array(repeating: 0, count: presenter.posts.count)
    }

    /// True when the post's terms must be taken from its rendered body: it is
    /// indexed and the cache does not hold them.
    func needsBody(ofPost index: Int, _ post: Post) -> Bool {
        guard let document = documentOfPost[index] else { return false }
        let key = SearchTermCache.key(sourceHash: post.sourceHash, markdownIdentity: markdownIdentity,
                                      strongTexts: document.strongTexts)
        let cached = previous.entries[key]
        lock.withLock {
            keys[index] = key
            terms[index] = cached
        }
        return cached == nil
    }

    /// Takes the terms of a post from its rendered body.
    func record(bodyHTML: HTML, ofPost index: Int) {
        guard let document = documentOfPost[index] else { return }
        let text = HTMLText(html: bodyHTML.utf8)
        var collector = PostTerms.Collector()
        for strongText in document.strongTexts { collector.add(strongText: strongText) }
        collector.add(strongText: text.headings)
        collector.add(bodyText: text.body)
        let found = collector.result
        lock.withLock { terms[index] = found }
    }

    /// Writes the index once the post jobs have run. A post whose job did
    /// not run (a build that runs only the jobs of changed posts) is taken
    /// from the cache, or rendered when the cache does not hold it. When the
    /// index's fingerprint is the last build's and its files are as that
    /// build left them, they are kept without assembling the index.
    func write(presenter: SitePresenter, to store: OutputStore) throws {
        let missing = lock.withLock { documents.filter { terms[$0.postIndex] == nil }.map(\.postIndex) }
        for index in missing {
            let post = presenter.posts[index].post
            if needsBody(ofPost: index, post) { record(bodyHTML: presenter.markdown.html(from: try post.markdown()), ofPost: index) }
        }
        let categories = presenter.searchCategories.map { SearchIndexFiles.Category(title: $0.title, url: $0.url) }
        let rows = documents.map { document in
            SearchIndexFiles.Document(id: document.id, title: document.title, url: document.url,
                                      displayDate: document.displayDate, machineDate: document.machineDate,
                                      category: document.categoryIndex)
        }
        let postKeys = lock.withLock { documents.map { keys[$0.postIndex] } }
        let fingerprint = Self.indexFingerprint(categories: categories, urlPrefix: presenter.searchTextURLPrefix,
                                                rows: rows, keys: postKeys)
        if fingerprint == previous.indexFingerprint, !previous.indexPaths.isEmpty,
           store.reuse(previous.indexPaths, fingerprint: fingerprint) {
            lock.withLock { index = (fingerprint, previous.indexPaths) }
            return
        }
        let indexFiles = SearchIndexFiles(categories: categories, documentURLPrefix: presenter.searchTextURLPrefix)
        let postTerms = lock.withLock { documents.map { terms[$0.postIndex] ?? PostTerms.empty } }
        let files = indexFiles.files(documents: rows, terms: postTerms)
        for file in files { try store.write(RenderedFile(path: file.path, bytes: file.bytes), fingerprint: fingerprint) }
        lock.withLock { index = (fingerprint, files.map(\.path)) }
    }

    /// Everything the index files are made of: their format, the site's
    /// categories and text URL, each document's row and the key of its terms
    /// (which stands for the terms themselves), in order.
    static func indexFingerprint(categories: [SearchIndexFiles.Category], urlPrefix: String,
                                 rows: [SearchIndexFiles.Document], keys: [UInt64]) -> UInt64 {
        var hash = StableHash()
        hash.combine("search index 1 \(SearchIndexFiles.chunkLimit) \(SearchIndexFiles.documentsPerChunk)")
        hash.combine(urlPrefix)
        hash.combine(UInt64(categories.count))
        for category in categories {
            hash.combine(category.title)
            hash.combine(category.url)
        }
        hash.combine(UInt64(rows.count))
        for (row, key) in zip(rows, keys) {
            hash.combine(row.id)
            hash.combine(row.title)
            hash.combine(row.url)
            for date in [row.displayDate, row.machineDate] {
                hash.combine(UInt64(date == nil ? 0 : 1))
                hash.combine(date ?? "")
            }
            hash.combine(UInt64(row.category))
            hash.combine(key)
        }
        return hash.value
    }

    /// What the next build may reuse: the terms of this build's posts.
    var nextCache: SearchTermCache {
        lock.withLock {
            var entries: [UInt64: PostTerms] = [:]
            for document in documents {
                if let found = terms[document.postIndex] { entries[keys[document.postIndex]] = found }
            }
            return SearchTermCache(entries: entries, indexFingerprint: index.fingerprint, indexPaths: index.paths)
        }
    }

    /// True when the next cache holds exactly the keys and index of the last one, so it need not be written.
    var cacheIsUnchanged: Bool {
        lock.withLock {
            guard index.fingerprint == previous.indexFingerprint, index.paths == previous.indexPaths else { return false }
            let used = Set(documents.map { keys[$0.postIndex] })
            return used.count == previous.entries.count && used.allSatisfy { previous.entries[$0] != nil }
        }
    }
}
