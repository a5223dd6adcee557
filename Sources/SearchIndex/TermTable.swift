import ByteScan

/// The terms of documents as they are read, for one thread: each word is
/// looked up once in one table of every term the thread has met, and a
/// document's list of terms (numbers into that table) grows only with a
/// term it has not given yet (`last`). No set of terms is made per
/// document, and no term's bytes are copied twice. `TermIndex` joins a
/// build's tables once at the end.
public struct TermTable: Sendable {
    var terms = TermSet(capacity: 1 << 12)
    /// By term: the last document that gave it, shifted left, with bit 0
    /// set when that document gave it as a strong term. Longer than there
    /// are terms: a text's new terms find their places here made.
    private var last: [UInt32] = []
    /// Each document's terms, one document after the other: `term << 1 | strong`.
    private(set) var entries: [UInt32] = []
    /// The documents in the order they were begun, each with where its terms start in `entries`.
    private(set) var documents: [(number: Int32, start: Int32)] = []
    private var current: UInt32 = 0

    public init() {}

    /// A table of terms taken before, as a term cache kept it: `terms`,
    /// and each document's entries (`term << 1 | strong`, numbers into
    /// `terms`) one after the other from its `start`. Terms are added to
    /// its documents only after `begin`.
    public init(terms: TermSet, entries: [UInt32], documents: [(number: Int, start: Int)]) {
        self.terms = terms
        self.entries = entries
        self.documents = documents.map { (Int32($0.number), Int32($0.start)) }
        last = Array(repeating: UInt32.max, count: terms.count)
        current = UInt32.max >> 1
    }

    /// Makes document `number` the one the next terms belong to. A document
    /// is begun once, in one table of a build's.
    public mutating func begin(document number: Int) {
        current = UInt32(number)
        documents.append((Int32(number), Int32(entries.count)))
    }

    /// The terms of a title, description, tag or heading: they rank first.
    public mutating func add(strongText text: String) {
        text.withUTF8InPlace { addTerms(of: $0, strong: true) }
    }

    public mutating func add(strongText utf8: [UInt8]) {
        utf8.withUnsafeBufferPointer { addTerms(of: $0, strong: true) }
    }

    /// The texts that rank first, taken as one: a post's title, description
    /// and tags, then its headings' text. Joined by line breaks, which end
    /// words and runs as the end of a text does, they are split once (and
    /// in 64-byte blocks where long enough) instead of once a text.
    /// Joined in room made once and filled through a pointer: appending
    /// each text to an array cost more than splitting it.
    public mutating func add(strongTexts texts: [String], headingText: [UInt8]) {
        let length = texts.reduce(headingText.count) { $0 + $1.utf8.count + 1 }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { room in
            guard let base = room.baseAddress else { return }
            var end = 0
            func append(_ bytes: UnsafeBufferPointer<UInt8>) {
                guard let source = bytes.baseAddress else { return }
                (base + end).initialize(from: source, count: bytes.count)
                end += bytes.count
            }
            for text in texts {
                text.withUTF8InPlace { append($0) }
                base[end] = 0x0A
                end += 1
            }
            headingText.withUnsafeBufferPointer { append($0) }
            addTerms(of: UnsafeBufferPointer(start: base, count: end), strong: true)
        }
    }

    public mutating func add(bodyText utf8: [UInt8]) {
        utf8.withUnsafeBufferPointer { addTerms(of: $0, strong: false) }
    }

    /// Tokenizes `text` into a `Recorder`, which reaches the arrays through
    /// pointers: through the arrays, every word paid for a check that they
    /// were not shared and, when new to the document, for three calls to
    /// append (a fifth of what taking a word cost). Room for every term the
    /// text can give is made first: one for every two bytes (a term and what
    /// ends it), and two more.
    private mutating func addTerms(of text: UnsafeBufferPointer<UInt8>, strong: Bool) {
        let most = text.count / 2 + 2
        if last.count < terms.count + most { last += repeatElement(0, count: terms.count + most - last.count) }
        let documentStart = Int(documents.last?.start ?? 0)
        // Moved out, so that the recorder holds the set's only reference.
        var taken = TermSet.placeholder
        swap(&taken, &terms)
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: most) { fresh in
            guard let freshBase = fresh.baseAddress else { return }
            let added = last.withUnsafeMutableBufferPointer { last in
                entries.withUnsafeMutableBufferPointer { entries in
                    guard let lastBase = last.baseAddress else { return 0 }
                    var recorder = Recorder(current: current, strongFlag: strong ? 1 : 0, last: lastBase, fresh: freshBase, capacity: most,
                                            earlier: UnsafeMutableBufferPointer(rebasing: entries[documentStart...]))
                    swap(&recorder.terms, &taken)
                    SearchTokenizer.forEachTerm(inUTF8: text, into: &recorder)
                    swap(&recorder.terms, &taken)
                    return recorder.added
                }
            }
            entries.append(contentsOf: UnsafeBufferPointer(start: freshBase, count: added))
        }
        swap(&taken, &terms)
    }

    /// Takes the terms of one text for the current document, straight into
    /// the table's arrays (`addTerms` made room for them).
    private struct Recorder: TermSink {
        var terms = TermSet.placeholder
        let current: UInt32
        let strongFlag: UInt32
        let last: UnsafeMutablePointer<UInt32>
        /// The document's terms new in this text, until they join `entries`.
        let fresh: UnsafeMutablePointer<UInt32>
        let capacity: Int
        var added = 0
        /// The document's terms from its earlier texts.
        let earlier: UnsafeMutableBufferPointer<UInt32>

        @inline(__always)
        mutating func take(_ term: UnsafeBufferPointer<UInt8>) {
            record(terms.insert(term))
        }

        /// A word of the tokenizer's fast path, already packed as the set keys it.
        @inline(__always)
        mutating func take(packed first: UInt64, _ second: UInt64, count: Int) {
            record(terms.insert(packed: first, second, count: count))
        }

        /// Notes term `id` as one of the current document's, once.
        @inline(__always)
        private mutating func record(_ inserted: (number: Int, isNew: Bool)) {
            let (id, isNew) = inserted
            let mark = current << 1 | strongFlag
            if !isNew {
                let seen = last[id]
                if seen >> 1 == current {
                    if strongFlag == 1, seen & 1 == 0 {
                        last[id] = seen | 1
                        markStrong(UInt32(id))
                    }
                    return
                }
            }
            last[id] = mark
            // `addTerms`'s bound holds by how terms are split; were it wrong, a trap, not a write past the room.
            precondition(added < capacity, "more terms than a text of its length can give")
            fresh[added] = UInt32(id) << 1 | strongFlag
            added += 1
        }

        /// A term the document gave in an earlier text's body, then as a strong
        /// term (rare: strong texts come first). Within one text every term has the same mark.
        private func markStrong(_ id: UInt32) {
            for index in earlier.indices where earlier[index] >> 1 == id {
                earlier[index] |= 1
                return
            }
        }
    }

    /// Terms already taken from the document (the term cache's).
    public mutating func add(_ given: PostTerms) {
        given.utf8.withUnsafeBufferPointer { utf8 in
            for index in 0..<given.count {
                add(UnsafeBufferPointer(rebasing: utf8[Int(given.starts[index])..<Int(given.starts[index + 1])]),
                    strong: given.strong[index])
            }
        }
    }

    /// One term of the current document.
    mutating func add(_ term: UnsafeBufferPointer<UInt8>, strong: Bool) {
        record(terms.insert(term), strong: strong)
    }

    /// Notes term `id` as one of the current document's, once.
    @inline(__always)
    private mutating func record(_ inserted: (number: Int, isNew: Bool), strong: Bool) {
        let flag: UInt32 = strong ? 1 : 0
        let (id, isNew) = inserted
        if isNew {
            // `last` may have room made for it already (`addTerms`).
            if id < last.count { last[id] = current << 1 | flag } else { last.append(current << 1 | flag) }
            entries.append(UInt32(id) << 1 | flag)
            return
        }
        let seen = last[id]
        if seen >> 1 != current {
            last[id] = current << 1 | flag
            entries.append(UInt32(id) << 1 | flag)
        } else if strong, seen & 1 == 0 {
            last[id] = seen | 1
            markStrong(UInt32(id))
        }
    }

    /// A term the current document gave in its body, then as a strong term (rare: strong texts come first).
    private mutating func markStrong(_ id: UInt32) {
        guard let document = documents.last else { return }
        for index in Int(document.start)..<entries.count where entries[index] >> 1 == id {
            entries[index] |= 1
            return
        }
    }

    /// Gives each document the number `numbers[its number]`, once its terms
    /// were taken under other numbers (`LoadedTerms`). A document whose new
    /// number is negative, or missing, is left out of the table's documents
    /// from then on (`documentPlaces`, the merge); documents begun after
    /// are told apart from these by their number alone.
    public mutating func renumber(_ numbers: [Int]) {
        for index in documents.indices {
            let old = Int(documents[index].number)
            documents[index].number = old >= 0 && old < numbers.count && numbers[old] >= 0 ? Int32(numbers[old]) : -1
        }
        // A term's last document was numbered the old way: none of the new numbers may match it.
        for id in last.indices { last[id] = UInt32.max }
        current = UInt32.max >> 1
    }

    /// Where document `place` (its place in `documents`) has its terms in `entries`.
    public func range(ofDocumentAt place: Int) -> Range<Int> {
        Int(documents[place].start)..<(place + 1 < documents.count ? Int(documents[place + 1].start) : entries.count)
    }

    /// Every document of the table: its number and its place, to give to
    /// `terms(ofDocumentAt:)`; none left out by `renumber`.
    public var documentPlaces: [(number: Int, place: Int)] {
        documents.enumerated().compactMap { $1.number >= 0 ? (Int($1.number), $0) : nil }
    }

    /// The terms of the document at `place`, each once.
    public func terms(ofDocumentAt place: Int) -> PostTerms {
        withDocument(at: place) { entries, bytes, starts in
            var utf8: [UInt8] = []
            var ends: [Int32] = [0]
            var strong: [Bool] = []
            ends.reserveCapacity(entries.count + 1)
            strong.reserveCapacity(entries.count)
            for entry in entries {
                let id = Int(entry >> 1)
                utf8.append(contentsOf: bytes[Int(starts[id])..<Int(starts[id + 1])])
                ends.append(Int32(utf8.count))
                strong.append(entry & 1 == 1)
            }
            return PostTerms(utf8: utf8, starts: ends, strong: strong)
        }
    }

    /// The number of terms of the document at `place`, and of bytes they take.
    public func size(ofDocumentAt place: Int) -> (terms: Int, bytes: Int) {
        let range = range(ofDocumentAt: place)
        var bytes = 0
        for index in range {
            let id = Int(entries[index] >> 1)
            bytes += Int(terms.starts[id + 1] - terms.starts[id])
        }
        return (range.count, bytes)
    }

    /// Calls `body` with the whole table as it holds it, to copy it out in
    /// one piece: every term's bytes and starts (term `i` is
    /// `bytes[starts[i]..<starts[i + 1]]`), and every document's entries
    /// (`term << 1 | strong`, each document's at `range(ofDocumentAt:)`).
    public func withContents<Result>(_ body: (_ bytes: UnsafeBufferPointer<UInt8>, _ starts: UnsafeBufferPointer<Int32>,
                                              _ entries: UnsafeBufferPointer<UInt32>) -> Result) -> Result {
        terms.bytes.withUnsafeBufferPointer { bytes in
            terms.starts.withUnsafeBufferPointer { starts in
                entries.withUnsafeBufferPointer { entries in body(bytes, starts, entries) }
            }
        }
    }

    /// Calls `body` with the document at `place` as the table holds it, to
    /// copy its terms out without a call per term: its entries (`term << 1
    /// | strong`), and every term's bytes and starts (term `i` is
    /// `bytes[starts[i]..<starts[i + 1]]`).
    public func withDocument<Result>(at place: Int, _ body: (_ entries: UnsafeBufferPointer<UInt32>, _ bytes: UnsafeBufferPointer<UInt8>,
                                                             _ starts: UnsafeBufferPointer<Int32>) -> Result) -> Result {
        entries.withUnsafeBufferPointer { all in
            terms.bytes.withUnsafeBufferPointer { bytes in
                terms.starts.withUnsafeBufferPointer { starts in
                    body(UnsafeBufferPointer(rebasing: all[range(ofDocumentAt: place)]), bytes, starts)
                }
            }
        }
    }
}
