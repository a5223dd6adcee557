import Foundation
import SearchIndex
import SiteModel
import SitePresentation

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

    /// The index's files, once the post jobs have run. A post whose job did
    /// not run (a build that runs only the jobs of changed posts) is taken
    /// from the cache, or rendered when the cache does not hold it.
    func files(presenter: SitePresenter) throws(DiagnosticsError) -> [(path: String, bytes: [UInt8])] {
        let missing = lock.withLock { documents.filter { terms[$0.postIndex] == nil }.map(\.postIndex) }
        for index in missing {
            let post = presenter.posts[index].post
            if needsBody(ofPost: index, post) { record(bodyHTML: presenter.markdown.html(from: try post.markdown()), ofPost: index) }
        }
        let indexFiles = SearchIndexFiles(
            categories: presenter.searchCategories.map { SearchIndexFiles.Category(title: $0.title, url: $0.url) },
            documentURLPrefix: presenter.searchTextURLPrefix)
        let rows = documents.map { document in
            SearchIndexFiles.Document(id: document.id, title: document.title, url: document.url,
                                      displayDate: document.displayDate, machineDate: document.machineDate,
                                      category: document.categoryIndex)
        }
        let postTerms = lock.withLock { documents.map { terms[$0.postIndex] ?? PostTerms.empty } }
        return indexFiles.files(documents: rows, terms: postTerms)
    }

    /// What the next build may reuse: the terms of this build's posts.
    var nextCache: SearchTermCache {
        lock.withLock {
            var entries: [UInt64: PostTerms] = [:]
            for document in documents {
                if let found = terms[document.postIndex] { entries[keys[document.postIndex]] = found }
            }
            return SearchTermCache(entries: entries)
        }
    }

    /// True when the next cache holds exactly the keys of the last one, so it need not be written.
    var cacheIsUnchanged: Bool {
        lock.withLock {
            let used = Set(documents.map { keys[$0.postIndex] })
            return used.count == previous.entries.count && used.allSatisfy { previous.entries[$0] != nil }
        }
    }
}
