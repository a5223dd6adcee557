extension TermTable {
    /// The terms of all the tables, and by term its postings sorted by
    /// document (`number << 1 | strong`). The tables are read, not changed.
    static func merged(_ tables: [TermTable]) -> (terms: TermSet, postings: PostingLists) {
        let order = tables.indices.sorted { tables[$0].terms.count > tables[$1].terms.count }
        guard let largest = order.first else { return (TermSet(), PostingLists()) }
        // The largest table's numbers stand; the others' terms are numbered into its set.
        var terms = tables[largest].terms
        var numbers = [[UInt32]](repeating: [], count: tables.count)
        for index in order.dropFirst() {
            let other = tables[index].terms
            numbers[index] = (0..<other.count).map { id in UInt32(other.withTerm(id) { terms.insert($0).number }) }
        }
        // Counted, then placed document by document in order of number, so
        // each list comes out sorted. Through pointers: through the arrays,
        // each posting paid for a check that they were not shared.
        let termCount = terms.count
        var counts = [Int](repeating: 0, count: termCount + 1)
        counts.withUnsafeMutableBufferPointer { counts in
            for (index, table) in tables.enumerated() {
                numbers[index].withUnsafeBufferPointer { numbers in
                    table.entries.withUnsafeBufferPointer { entries in
                        // Only the documents the table lists (`renumber` may leave some out).
                        for (place, document) in table.documents.enumerated() where document.number >= 0 {
                            for position in table.range(ofDocumentAt: place) {
                                counts[Int(number(entries[position] >> 1, numbers)) + 1] += 1
                            }
                        }
                    }
                }
            }
            for id in 0..<termCount { counts[id + 1] += counts[id] }
        }
        var places: [(number: Int32, table: Int, place: Int)] = []
        for (index, table) in tables.enumerated() {
            for (place, document) in table.documents.enumerated() where document.number >= 0 {
                places.append((document.number, index, place))
            }
        }
        places.sort { $0.number < $1.number }
        var next = counts
        let flat = [UInt32](unsafeUninitializedCapacity: counts[termCount]) { flat, written in
            next.withUnsafeMutableBufferPointer { next in
                for (document, index, place) in places {
                    let table = tables[index]
                    let posting = UInt32(document) << 1
                    numbers[index].withUnsafeBufferPointer { numbers in
                        table.entries.withUnsafeBufferPointer { entries in
                            for position in table.range(ofDocumentAt: place) {
                                let entry = entries[position]
                                let id = Int(number(entry >> 1, numbers))
                                flat[next[id]] = posting | entry & 1
                                next[id] += 1
                            }
                        }
                    }
                }
            }
            written = counts[termCount]
        }
        return (terms, PostingLists(flat: flat, starts: counts))
    }

    @inline(__always)
    private static func number(_ id: UInt32, _ numbers: UnsafeBufferPointer<UInt32>) -> UInt32 {
        numbers.isEmpty ? id : numbers[Int(id)]
    }
}
