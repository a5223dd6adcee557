import SearchIndex
import SiteModel
import SitePresentation
import Synchronization

/// The search terms of the posts whose bodies were walked while their
/// files were read: taken there, from the text of that walk, so that the
/// text is not kept for the index and no body is parsed again for it.
/// (When `LoadedBodies` kept the text too, it had room for fewer bodies, and
/// the rest were read and rendered again by their jobs: 0.967 of a full
/// build's time with this instead.) Each thread takes terms into a table of its own; posts are numbered
/// in the order they were read, and `SearchIndexing` numbers them as its
/// documents once the site is presented. A post whose terms the last build
/// knew (`known`) is left to the index as before.
final class LoadedTerms: Sendable {
    private struct State {
        /// The tables not in use by a thread now.
        var tables: [TermTable] = []
        /// By reading, in order, the post file read: a reading's number is
        /// its place here. Looked up only once reading is over, in a table
        /// made at its full size (one grown a post at a time rehashed every
        /// path it held at each doubling).
        var paths: [String] = []
        /// The keys of the terms the last build knew, until reading is over.
        var known: (@Sendable (UInt64) -> Bool)?
        /// What every key of this build's Markdown options starts from, made at the first post.
        var seed: StableHash?
    }

    private let state: Mutex<State>

    /// `known` says whether the last build's index or term cache holds the
    /// terms of a key (`SearchTermCache.key`).
    init(known: (@Sendable (UInt64) -> Bool)? = nil) {
        state = Mutex(State(known: known))
    }

    /// Whether the terms of `post` are to be taken: it is indexed (not a
    /// draft), and the last build did not know them.
    func wants(_ post: Post, markdown options: SiteConfig.MarkdownOptions) -> Bool {
        guard !post.isDraft else { return false }
        return state.withLock { state in
            guard let known = state.known else { return true }
            let seed = state.seed ?? SearchTermCache.seed(markdownIdentity: MarkdownRenderer(options: options).identity)
            state.seed = seed
            return !known(SearchTermCache.key(sourceHash: post.sourceHash, seed: seed))
        }
    }

    /// Reading is over: the last build's keys are let go.
    func finishReading() {
        state.withLock { $0.known = nil }
    }

    /// Takes the terms of the post read from `path`: the texts that rank
    /// first (title, description, tags, then headings), then the body's
    /// text, in the order `SearchIndexing.record` takes them. A file read
    /// again replaces its earlier reading.
    func take(ofPostAt path: String, strongTexts: [String], headingText: [UInt8], text: [UInt8]) {
        let (taken, number) = state.withLock { state -> (TermTable, Int) in
            state.paths.append(path)
            return (state.tables.popLast() ?? TermTable(), state.paths.count - 1)
        }
        var table = taken
        table.begin(document: number)
        table.add(strongTexts: strongTexts, headingText: headingText)
        table.add(bodyText: text)
        state.withLock { $0.tables.append(table) }
    }

    /// Whether any post's terms were taken.
    var tookAny: Bool {
        state.withLock { !$0.paths.isEmpty }
    }

    /// Every table, each post numbered as `documents` number their files
    /// (the first document of a file); a reading replaced by a later one,
    /// or of a file no document has, is left out. Given up once taken.
    /// Two hashes of each path: one to note its last reading, one to look
    /// its document up (numbering by a look-up per file read, after a set
    /// of the files read, cost six).
    func tables(numbering documents: [(path: String, number: Int)]) -> [TermTable] {
        state.withLock { state in
            defer { state = State() }
            // A file read again: its last reading stands.
            var lastReading = [String: Int](minimumCapacity: state.paths.count)
            for (reading, path) in state.paths.enumerated() { lastReading[path] = reading }
            var order = [Int](repeating: -1, count: state.paths.count)
            for (path, number) in documents {
                if let reading = lastReading[path], order[reading] < 0 { order[reading] = number }
            }
            var tables = state.tables
            for index in tables.indices { tables[index].renumber(order) }
            return tables
        }
    }
}
