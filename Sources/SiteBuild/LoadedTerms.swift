import SearchIndex
import SitePresentation
import Synchronization

/// The search terms of the posts whose bodies were walked while their
/// files were read: taken there, from the text of that walk, so that the
/// text is never kept for the index and no body is parsed again for it.
/// Kept with search on: 15 % of a full build's instructions went to
/// rendering again the bodies `LoadedBodies` had no room for once it kept
/// their text too. Each thread takes terms into a table of its own; posts
/// are numbered in the order they were read, and `SearchIndexing` numbers
/// them as its documents once the site is presented.
final class LoadedTerms: Sendable {
    private struct State {
        /// The tables not in use by a thread now.
        var tables: [TermTable] = []
        /// By post file, its number in the tables.
        var numbers: [String: Int] = [:]
        /// Set when a file was read twice (a reading of changed files that
        /// gave way to a whole one): the terms taken are then let go.
        var abandoned = false
    }

    private let state = Mutex(State())

    /// Takes the terms of the post read from `path`: the texts that rank
    /// first (title, description, tags, then headings), then the body's
    /// text, in the order `SearchIndexing.record` takes them.
    func take(ofPostAt path: String, strongTexts: [String], headingText: [UInt8], text: [UInt8]) {
        guard let (taken, number) = state.withLock({ state -> (TermTable, Int)? in
            guard !state.abandoned else { return nil }
            guard state.numbers[path] == nil else {
                state = State(abandoned: true)
                return nil
            }
            let number = state.numbers.count
            state.numbers[path] = number
            return (state.tables.popLast() ?? TermTable(), number)
        }) else { return }
        var table = taken
        table.begin(document: number)
        for strongText in strongTexts { table.add(strongText: strongText) }
        table.add(strongText: headingText)
        table.add(bodyText: text)
        state.withLock { $0.tables.append(table) }
    }

    /// Every table, numbered by `number`'s answer for each post file, or nil,
    /// and the tables given up, when a post read has no number or one was
    /// read twice: the posts are then indexed as though none had been read.
    func tables(numbering number: (_ path: String) -> Int?) -> [TermTable]? {
        state.withLock { state in
            defer { state = State() }
            guard !state.abandoned else { return nil }
            var order = [Int](repeating: -1, count: state.numbers.count)
            for (path, loaded) in state.numbers {
                guard let document = number(path) else { return nil }
                order[loaded] = document
            }
            var tables = state.tables
            for index in tables.indices {
                guard tables[index].renumber(order) else { return nil }
            }
            return tables
        }
    }
}
