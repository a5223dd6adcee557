import Foundation
import SearchIndex

/// Reads an index the way the search page does (search.js), from the files
/// alone: the manifest's keys say which chunks a term can be in, and only
/// those are opened. Counts what it opens, as the page's downloads.
struct IndexReader {
    let files: [String: [UInt8]]
    let keys: [String]
    let documentsPerChunk: Int
    private(set) var opened: Set<String> = []

    init(files: [(path: String, bytes: [UInt8])]) throws {
        self.files = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.bytes) })
        let manifest = try Self.json(self.files["search/index.json"]) as? [String: Any]
        keys = manifest?["k"] as? [String] ?? []
        documentsPerChunk = manifest?["s"] as? Int ?? 0
    }

    /// Post numbers holding every term (the last one as a prefix when asked), best first.
    mutating func search(_ terms: [String], lastIsPrefix: Bool = false) throws -> [Int] {
        var scores: [Int: Int]?
        for (index, term) in terms.enumerated() {
            let prefix = lastIsPrefix && index == terms.count - 1
            var matches: [Int: Bool] = [:]
            for key in chunkKeys(term, prefix: prefix) {
                let path = "search/t/" + TermChunker.fileName(ofKey: key)
                opened.insert(path)
                guard let chunk = try Self.json(files[path]) as? [String: String] else { continue }
                for (candidate, postings) in chunk where candidate == term || (prefix && candidate.hasPrefix(term)) {
                    for posting in PostingsCoding.decode(Array(postings.utf8)) ?? [] {
                        matches[Int(posting >> 1), default: false] = matches[Int(posting >> 1), default: false] || posting & 1 == 1
                    }
                }
            }
            let next = matches.mapValues { $0 ? 1 : 0 }
            if let old = scores {
                var kept: [Int: Int] = [:]
                for (number, score) in old { if let more = next[number] { kept[number] = score + more } }
                scores = kept
            } else {
                scores = next
            }
        }
        return (scores ?? [:]).sorted { ($0.value, $0.key) > ($1.value, $1.key) }.map(\.key)
    }

    /// `[id, title, url, display date, machine date, category]` of post `number`.
    mutating func document(_ number: Int) throws -> [Any]? {
        let path = "search/d/\(number / documentsPerChunk).json"
        opened.insert(path)
        let rows = try Self.json(files[path]) as? [[Any]]
        return rows?[number % documentsPerChunk]
    }

    private func chunkKeys(_ term: String, prefix: Bool) -> [String] {
        let longest = keys.filter { term.unicodeScalars.starts(with: $0.unicodeScalars) }.max { $0.count < $1.count }
        var found = longest.map { [$0] } ?? []
        if prefix { found += keys.filter { $0 != longest && $0.unicodeScalars.starts(with: term.unicodeScalars) } }
        return found
    }

    private static func json(_ bytes: [UInt8]?) throws -> Any? {
        guard let bytes else { return nil }
        return try JSONSerialization.jsonObject(with: Data(bytes))
    }
}
