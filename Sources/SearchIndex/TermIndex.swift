import Foundation

/// Every term of an index with its postings, and the chunk files they make,
/// kept so that changing one document's terms re-encodes only the terms
/// whose postings changed and re-assembles only the chunks of their first
/// characters. Chunking a first character's terms depends on those terms
/// alone (`TermChunker`), so the files come out as a fresh index's would.
public struct TermIndex: Sendable {
    /// A chunk file: its key, path and a hash of its bytes.
    public struct ChunkFile: Sendable, Hashable {
        public let key: String
        public let path: String
        public let hash: UInt64
    }

    /// The terms beginning with one character, sorted by bytes, and the chunks they make.
    struct Group: Sendable {
        var ids: [Int32] = []
        var isSorted = true
        var files: [ChunkFile] = []
    }

    private var terms = TermSet(capacity: 1 << 14)
    /// By term: its postings, sorted by document, each `number << 1 | strong`.
    private var postings = PostingLists()
    /// By term: the postings as a chunk writes them, nil once they changed.
    private var encoded: [[UInt8]?] = []
    /// By term: the key of its group, and whether it is listed there.
    private var groupOf: [[UInt8]] = []
    private var listed: [Bool] = []
    /// By term: changed since the chunks were last made (those terms are in `dirtyTerms`).
    private var isDirty: [Bool] = []
    private var dirtyTerms: [Int32] = []
    /// By document: its terms, each `id << 1 | strong`, sorted.
    private var documentTerms: [[UInt32]] = []
    private var groups: [[UInt8]: Group] = [:]
    /// True for an index made once, whose documents' terms are not kept.
    private var isFixed = false
    private var fixedCount = 0
    private var dirty: Set<[UInt8]> = []

    public init() {}

    /// An index of the documents these tables hold, `documentCount` in all
    /// (numbered by the tables' `begin`). One that will not be changed
    /// (`changeable` false) keeps no list of each document's terms.
    public init(merging tables: [TermTable], documentCount: Int, changeable: Bool = true) {
        (terms, postings) = TermTable.merged(tables)
        let count = terms.count
        encoded = Array(repeating: nil, count: count)
        listed = Array(repeating: false, count: count)
        isDirty = Array(repeating: false, count: count)
        groupOf = (0..<count).map { terms.withTerm($0, Self.groupKey) }
        listAllTerms()
        if changeable {
            documentTerms = Array(repeating: [], count: documentCount)
            for id in 0..<count {
                for posting in postings[id] { documentTerms[Int(posting >> 1)].append(UInt32(id) << 1 | posting & 1) }
            }
        } else {
            isFixed = true
            fixedCount = documentCount
        }
    }

    public var documentCount: Int { isFixed ? fixedCount : documentTerms.count }

    /// The terms of document `number`, as given.
    public func terms(ofDocument number: Int) -> PostTerms {
        guard number < documentTerms.count else { return .empty }
        var utf8: [UInt8] = []
        var starts: [Int32] = [0]
        var strong: [Bool] = []
        for value in documentTerms[number] {
            terms.withTerm(Int(value >> 1)) { utf8.append(contentsOf: $0) }
            starts.append(Int32(utf8.count))
            strong.append(value & 1 == 1)
        }
        return PostTerms(utf8: utf8, starts: starts, strong: strong)
    }

    /// Gives document `number` these terms: a new one when `number` is the
    /// count, else in place of its old terms.
    public mutating func replace(document number: Int, with terms: PostTerms) {
        precondition(!isFixed, "an index made unchangeable is not changed")
        var new: [UInt32] = []
        new.reserveCapacity(terms.count)
        terms.utf8.withUnsafeBufferPointer { utf8 in
            for index in 0..<terms.count {
                let term = UnsafeBufferPointer(rebasing: utf8[Int(terms.starts[index])..<Int(terms.starts[index + 1])])
                let id = self.id(of: term)
                new.append(UInt32(id) << 1 | (terms.strong[index] ? 1 : 0))
            }
        }
        new.sort()
        let old: [UInt32]
        if number == documentTerms.count {
            documentTerms.append([])
            old = []
        } else {
            old = documentTerms[number]
        }
        documentTerms[number] = new
        let posting = UInt32(number) << 1
        var (i, j) = (0, 0)
        while i < old.count || j < new.count {
            let a = i < old.count ? old[i] >> 1 : .max
            let b = j < new.count ? new[j] >> 1 : .max
            if a == b {
                if old[i] != new[j] { set(Int(a), posting | (new[j] & 1)) }
                i += 1
                j += 1
            } else if a < b {
                remove(Int(a), posting)
                i += 1
            } else {
                set(Int(b), posting | (new[j] & 1))
                j += 1
            }
        }
    }

    private mutating func id(of term: UnsafeBufferPointer<UInt8>) -> Int {
        let (id, isNew) = terms.insert(term)
        if isNew {
            postings.appendEmpty()
            encoded.append(nil)
            groupOf.append(Self.groupKey(term))
            listed.append(false)
            isDirty.append(false)
        }
        return id
    }

    /// Adds or updates the document's posting in the term's list.
    private mutating func set(_ id: Int, _ posting: UInt32) {
        postings.update(id) { list in
            let index = Self.place(of: posting >> 1, in: list)
            if index < list.count, list[index] >> 1 == posting >> 1 {
                list[index] = posting
            } else {
                list.insert(posting, at: index)
            }
        }
        changed(id)
    }

    private mutating func remove(_ id: Int, _ posting: UInt32) {
        let removed = postings.update(id) { list in
            let index = Self.place(of: posting >> 1, in: list)
            guard index < list.count, list[index] >> 1 == posting >> 1 else { return false }
            list.remove(at: index)
            return true
        }
        if removed { changed(id) }
    }

    private mutating func changed(_ id: Int) {
        if !isDirty[id] {
            isDirty[id] = true
            dirtyTerms.append(Int32(id))
            encoded[id] = nil
            dirty.insert(groupOf[id])
        }
        if !listed[id], !postings[id].isEmpty {
            listed[id] = true
            groups[groupOf[id], default: Group()].ids.append(Int32(id))
            groups[groupOf[id]]?.isSorted = false
        }
    }

    /// What `changed` does for every term with postings, in a new index:
    /// a look-up a group, where `changed` made three a term (each hashing
    /// its group's key, an array). Most keys are one ASCII byte, and
    /// their terms are gathered by that byte.
    private mutating func listAllTerms() {
        var byASCII = [[Int32]](repeating: [], count: 128)
        var byOther: [[UInt8]: [Int32]] = [:]
        for id in 0..<terms.count where !postings[id].isEmpty {
            let key = groupOf[id]
            if key.count == 1, key[0] < 0x80 { byASCII[Int(key[0])].append(Int32(id)) } else { byOther[key, default: []].append(Int32(id)) }
            isDirty[id] = true
            listed[id] = true
            dirtyTerms.append(Int32(id))
        }
        for (byte, ids) in byASCII.enumerated() where !ids.isEmpty { list(ids, under: [UInt8(byte)]) }
        for (key, ids) in byOther { list(ids, under: key) }
    }

    private mutating func list(_ ids: [Int32], under key: [UInt8]) {
        groups[key, default: Group()].ids.append(contentsOf: ids)
        groups[key]?.isSorted = false
        dirty.insert(key)
    }

    /// The first index whose document is not below `number` (postings end with the newest, so look there first).
    private static func place(of number: UInt32, in list: [UInt32]) -> Int {
        if let last = list.last, last >> 1 < number { return list.count }
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] >> 1 < number { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The UTF-8 of a term's first character.
    static func groupKey(_ term: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard let lead = term.first else { return [] }
        let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        return Array(term.prefix(length))
    }
}

extension TermIndex {
    /// The chunk files of the index, in order of their keys.
    public var chunkFiles: [ChunkFile] {
        groups.keys.sorted { $0.lexicographicallyPrecedes($1) }.flatMap { groups[$0]?.files ?? [] }
    }

    /// Brings the chunks of every first character whose terms changed up to
    /// date, and returns the files whose bytes changed and the paths of the
    /// chunks that are no more. Groups are made on up to `jobs` threads.
    public mutating func updateChunks(limit: Int, jobs: Int) -> (written: [IndexFile], removed: [String]) {
        let keys = dirty.sorted { $0.lexicographicallyPrecedes($1) }
        dirty.removeAll()
        for id in dirtyTerms { isDirty[Int(id)] = false }
        dirtyTerms.removeAll()
        for key in keys {
            guard var group = groups[key] else { continue }
            group.ids.removeAll { id in
                if postings[Int(id)].isEmpty { listed[Int(id)] = false }
                return postings[Int(id)].isEmpty
            }
            if !group.isSorted {
                let bytes = terms.bytes
                let starts = terms.starts
                bytes.withUnsafeBufferPointer { all in
                    group.ids.sort { left, right in
                        let a = UnsafeBufferPointer(rebasing: all[Int(starts[Int(left)])..<Int(starts[Int(left) + 1])])
                        let b = UnsafeBufferPointer(rebasing: all[Int(starts[Int(right)])..<Int(starts[Int(right) + 1])])
                        return a.lexicographicallyPrecedes(b)
                    }
                }
                group.isSorted = true
            }
            groups[key] = group
        }
        let snapshot = self
        let made = ParallelWork.map(keys, jobs: jobs) { key in snapshot.make(group: key, limit: limit) }
        var written: [IndexFile] = []
        var removed: [String] = []
        for (key, result) in zip(keys, made) {
            guard var group = groups[key] else { continue }
            for (id, bytes) in result.encoded { encoded[Int(id)] = bytes }
            let before = Dictionary(group.files.map { ($0.path, $0.hash) }, uniquingKeysWith: { first, _ in first })
            let after = Set(result.files.map(\.file.path))
            for made in result.files where before[made.file.path] != made.file.hash { written.append(IndexFile(path: made.file.path, bytes: made.bytes, hash: made.file.hash)) }
            removed += group.files.map(\.path).filter { !after.contains($0) }
            group.files = result.files.map(\.file)
            if group.ids.isEmpty { groups[key] = nil } else { groups[key] = group }
        }
        return (written, removed)
    }

    private struct MadeGroup: Sendable {
        var files: [(file: ChunkFile, bytes: [UInt8])] = []
        var encoded: [(Int32, [UInt8])] = []
    }

    /// The chunk files of one group, from its sorted terms.
    private func make(group key: [UInt8], limit: Int) -> MadeGroup {
        var made = MadeGroup()
        guard let group = groups[key] else { return made }
        var entries: [TermChunker.Entry] = []
        entries.reserveCapacity(group.ids.count)
        for id in group.ids {
            let postings: [UInt8]
            if let known = encoded[Int(id)] {
                postings = known
            } else {
                postings = PostingsCoding.encode(self.postings[Int(id)])
                made.encoded.append((id, postings))
            }
            entries.append(TermChunker.Entry(term: terms.string(Int(id)), postings: postings))
        }
        for chunk in TermChunker.chunks(entries, limit: limit) {
            var json = TinyJSON()
            json.bytes.reserveCapacity(limit + 256)
            json.raw("{")
            for (index, entry) in chunk.entries.enumerated() {
                if index > 0 { json.raw(",") }
                json.string(entry.term)
                json.raw(":\"")
                json.bytes.append(contentsOf: entry.postings)
                json.raw("\"")
            }
            json.raw("}\n")
            let file = ChunkFile(key: chunk.key, path: "search/t/" + TermChunker.fileName(ofKey: chunk.key),
                                 hash: TinyJSON.Hash.of(json.bytes))
            made.files.append((file, json.bytes))
        }
        return made
    }
}
