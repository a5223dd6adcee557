import SearchIndex
import SiteModel

/// The terms of each post from the last build, by a key of everything they
/// come from (the post's file, the Markdown renderer, the texts that rank
/// first), so that a post whose page is reused is indexed without rendering
/// its Markdown again. Kept beside the output folder like the post cache;
/// damaged or from another version, it is simply empty. It also names the
/// index files the last build wrote, with a hash of each, and the
/// fingerprint of what they were made of, so that a build whose index would
/// be the same keeps them as they are without assembling it.
///
/// Only the table of keys is read when the file is opened: a post's terms
/// are decoded when a build asks for them, which a no-op rebuild never does.
struct SearchTermCache: Sendable {
    private static let header = Array("sitegen search cache 7\n".utf8)
    /// The fingerprint of the index files (`SearchIndexing.indexFingerprint`), 0 for none.
    var indexFingerprint: UInt64 = 0
    /// The index's files, relative to the output folder, each with the hash of its bytes.
    var indexFiles: [(path: String, hash: UInt64)] = []
    /// Where each table of the file is in `bytes`.
    private var tables: [StoredTable] = []
    /// Where each key's terms are: its table and the range of its entries there.
    private var places: [UInt64: (table: Int, entries: Range<Int>)] = [:]
    private var bytes: [UInt8] = []

    /// A table as stored: its terms' bytes, their starts (`termCount + 1`
    /// of them, four bytes each) and its entries (four bytes each), by offset in the file.
    private struct StoredTable {
        var termBytes: Int
        var termByteCount: Int
        var starts: Int
        var termCount: Int
        var entries: Int
        var entryCount: Int
    }

    init() {}

    var count: Int { places.count }

    func contains(_ key: UInt64) -> Bool { places[key] != nil }

    /// The key of a post's terms: the renderer (`seed`) and the post's file,
    /// which holds everything the terms come from (body, title, description, tags).
    static func key(sourceHash: UInt64, seed: StableHash) -> UInt64 {
        var hash = seed
        hash.combine(sourceHash)
        return hash.value
    }

    /// What every key of one renderer starts from.
    static func seed(markdownIdentity: String) -> StableHash {
        var hash = StableHash()
        hash.combine(String(decoding: header, as: UTF8.self))
        hash.combine(markdownIdentity)
        return hash
    }

    /// The terms cached under `key`, decoded now; nil for a key the cache
    /// does not hold, or whose entry does not read.
    func terms(for key: UInt64) -> PostTerms? {
        guard let place = places[key] else { return nil }
        let table = tables[place.table]
        var utf8: [UInt8] = []
        var starts: [Int32] = [0]
        var strong: [Bool] = []
        for index in place.entries {
            let entry = Self.read32(bytes, at: table.entries + 4 * index)
            guard let term = termPlace(Int(entry >> 1), of: table) else { return nil }
            utf8.append(contentsOf: bytes[term])
            starts.append(Int32(utf8.count))
            strong.append(entry & 1 == 1)
        }
        return PostTerms(utf8: utf8, starts: starts, strong: strong)
    }

    /// Where term `term` of `table` is in the file; nil for one it does not hold, or whose place does not read.
    private func termPlace(_ term: Int, of table: StoredTable) -> Range<Int>? {
        guard term < table.termCount else { return nil }
        let start = Int(Self.read32(bytes, at: table.starts + 4 * term))
        let end = Int(Self.read32(bytes, at: table.starts + 4 * term + 4))
        guard start <= end, end <= table.termByteCount else { return nil }
        return (table.termBytes + start)..<(table.termBytes + end)
    }

    /// The cached terms of the keys that `number` gives a document number,
    /// as term tables (one for each table of the file) holding those
    /// documents under those numbers: for a build that makes its index
    /// whole, which then need not decode each post's terms and look every
    /// one up again. Only the terms those documents use are taken, so that
    /// terms of posts gone do not pile up from cache to cache. An entry
    /// that does not read is left out (its post is read again).
    func tables(numbering number: (UInt64) -> Int?) -> [TermTable] {
        var wanted = [[(number: Int, entries: Range<Int>)]](repeating: [], count: tables.count)
        for (key, place) in places {
            if let document = number(key) { wanted[place.table].append((document, place.entries)) }
        }
        return zip(tables, wanted).compactMap { table, documents -> TermTable? in
            guard !documents.isEmpty else { return nil }
            var terms = TermSet(capacity: 1 << 12)
            // By the file's term number: the new number plus one, 0 until the term is met.
            var renumbered = [UInt32](repeating: 0, count: table.termCount)
            var entries: [UInt32] = []
            entries.reserveCapacity(documents.reduce(0) { $0 + $1.entries.count })
            var starts: [(number: Int, start: Int)] = []
            bytes.withUnsafeBufferPointer { bytes in
                for document in documents {
                    let start = entries.count
                    var readable = true
                    for index in document.entries {
                        let entry = Self.read32(bytes, at: table.entries + 4 * index)
                        let term = Int(entry >> 1)
                        if term >= table.termCount || renumbered[term] == 0 {
                            guard let place = termPlace(term, of: table) else {
                                readable = false
                                break
                            }
                            renumbered[term] = UInt32(terms.insert(UnsafeBufferPointer(rebasing: bytes[place])).number + 1)
                        }
                        entries.append((renumbered[term] - 1) << 1 | entry & 1)
                    }
                    if readable {
                        starts.append((document.number, start))
                    } else {
                        entries.removeLast(entries.count - start)
                    }
                }
            }
            return TermTable(terms: terms, entries: entries, documents: starts)
        }
    }

    /// The file's bytes: the index's fingerprint and files (count, then each
    /// path's length and bytes and its hash); the tables (count, then each
    /// one's term count, the length of its terms' bytes, those bytes, the
    /// terms' starts, its entry count and its entries); then the keys
    /// (count, then each key, its table, and the start and end of its
    /// entries there). Numbers of four bytes are little-endian, and a table
    /// is written as this build's threads filled it. (Written post by post,
    /// each post's terms with their bytes, the cache cost 0.22 G
    /// instructions at 10,000 posts, and 13 MB.) `documents`: the keys, each
    /// once, with where a table holds their terms. In one array; a build
    /// writes the `Contents` piece by piece instead.
    static func bytes(indexFingerprint: UInt64, indexFiles: [(path: String, hash: UInt64)], tables: [TermTable],
                      documents: [(key: UInt64, table: Int, place: Int)]) -> [UInt8] {
        contents(indexFingerprint: indexFingerprint, indexFiles: indexFiles, tables: tables, documents: documents)
            .withPieces { pieces in pieces.reduce(into: [UInt8]()) { $0.append(contentsOf: $1) } }
    }

    /// The file's contents (see `bytes`), its small parts made here and its
    /// tables' terms and entries left where the tables hold them.
    static func contents(indexFingerprint: UInt64, indexFiles: [(path: String, hash: UInt64)], tables: [TermTable],
                         documents: [(key: UInt64, table: Int, place: Int)]) -> Contents {
        var output = header
        append(indexFingerprint, to: &output)
        Varint.write(UInt64(indexFiles.count), into: &output)
        for file in indexFiles {
            Varint.write(UInt64(file.path.utf8.count), into: &output)
            output.append(contentsOf: file.path.utf8)
            append(file.hash, to: &output)
        }
        Varint.write(UInt64(tables.count), into: &output)
        // Between the tables' pieces: each table's counts, then (after its starts) its entry count.
        var between: [[UInt8]] = []
        for table in tables {
            table.withContents { termBytes, starts, entries in
                Varint.write(UInt64(starts.count - 1), into: &output)
                Varint.write(UInt64(termBytes.count), into: &output)
                between.append(output)
                output = []
                Varint.write(UInt64(entries.count), into: &output)
                between.append(output)
                output = []
            }
        }
        Varint.write(UInt64(documents.count), into: &output)
        output.reserveCapacity(output.count + 20 * documents.count)
        for document in documents {
            let range = tables[document.table].range(ofDocumentAt: document.place)
            append(document.key, to: &output)
            append32(UInt32(document.table), to: &output)
            append32(UInt32(range.lowerBound), to: &output)
            append32(UInt32(range.upperBound), to: &output)
        }
        between.append(output)
        return Contents(between: between, tables: tables)
    }

    /// A cache file to write: the tables' terms and entries (16 MB at
    /// 10,000 posts) are written from the tables themselves, where copying
    /// them into one array cost a build a sixtieth of its time, most of it
    /// the kernel clearing the new array's pages.
    struct Contents: Sendable {
        /// Before each table, its counts; after its starts, its entry count; at the end, the keys.
        fileprivate let between: [[UInt8]]
        fileprivate let tables: [TermTable]

        /// Calls `body` with the file's bytes in order, in pieces.
        func withPieces<Result>(_ body: ([UnsafeRawBufferPointer]) -> Result) -> Result {
            var pieces: [UnsafeRawBufferPointer] = []
            return withTable(0, &pieces, body)
        }

        /// Adds table `index`'s pieces, and the next ones inside, while the table's buffers are open.
        private func withTable<Result>(_ index: Int, _ pieces: inout [UnsafeRawBufferPointer],
                                       _ body: ([UnsafeRawBufferPointer]) -> Result) -> Result {
            guard index < tables.count else {
                return between[between.count - 1].withUnsafeBytes { last in body(pieces + [last]) }
            }
            return between[2 * index].withUnsafeBytes { counts in
                between[2 * index + 1].withUnsafeBytes { entryCount in
                    tables[index].withContents { termBytes, starts, entries in
                        SearchTermCache.withLittleEndian(starts) { starts in
                            SearchTermCache.withLittleEndian(entries) { entries in
                                pieces += [counts, UnsafeRawBufferPointer(termBytes), starts, entryCount, entries]
                                return withTable(index + 1, &pieces, body)
                            }
                        }
                    }
                }
            }
        }
    }

    init(bytes: [UInt8]) {
        guard bytes.starts(with: Self.header) else { return }
        var offset = Self.header.count
        guard let fingerprint = Self.read64(bytes, &offset),
              let fileCount = Varint.read(bytes, &offset, end: bytes.count), fileCount < UInt64(bytes.count) else { return }
        var files: [(path: String, hash: UInt64)] = []
        for _ in 0..<fileCount {
            guard let length = Varint.read(bytes, &offset, end: bytes.count), length <= UInt64(bytes.count - offset) else { return }
            let path = String(decoding: bytes[offset..<offset + Int(length)], as: UTF8.self)
            offset += Int(length)
            guard let hash = Self.read64(bytes, &offset) else { return }
            files.append((path, hash))
        }
        guard let tableCount = Varint.read(bytes, &offset, end: bytes.count), tableCount < UInt64(bytes.count) else { return }
        var tables: [StoredTable] = []
        for _ in 0..<tableCount {
            guard let termCount = Varint.read(bytes, &offset, end: bytes.count), termCount < UInt64(bytes.count) / 4,
                  let termByteCount = Varint.read(bytes, &offset, end: bytes.count),
                  termByteCount <= UInt64(bytes.count - offset) else { return }
            let termBytes = offset
            offset += Int(termByteCount)
            let starts = offset
            guard 4 * (Int(termCount) + 1) <= bytes.count - offset else { return }
            offset += 4 * (Int(termCount) + 1)
            guard let entryCount = Varint.read(bytes, &offset, end: bytes.count),
                  entryCount <= UInt64(bytes.count - offset) / 4 else { return }
            let entries = offset
            offset += 4 * Int(entryCount)
            tables.append(StoredTable(termBytes: termBytes, termByteCount: Int(termByteCount), starts: starts,
                                      termCount: Int(termCount), entries: entries, entryCount: Int(entryCount)))
        }
        guard let count = Varint.read(bytes, &offset, end: bytes.count), count == UInt64(bytes.count - offset) / 20,
              (bytes.count - offset) % 20 == 0 else { return }
        var places: [UInt64: (table: Int, entries: Range<Int>)] = [:]
        places.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let key = Self.read64(bytes, &offset) else { return }
            let table = Int(Self.read32(bytes, at: offset))
            let start = Int(Self.read32(bytes, at: offset + 4))
            let end = Int(Self.read32(bytes, at: offset + 8))
            offset += 12
            guard table < tables.count, start <= end, end <= tables[table].entryCount else { return }
            places[key] = (table, start..<end)
        }
        self.tables = tables
        self.places = places
        self.bytes = bytes
        indexFingerprint = fingerprint
        indexFiles = files
    }

    private static func append(_ value: UInt64, to output: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { output.append(contentsOf: $0) }
    }

    private static func append32(_ value: UInt32, to output: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { output.append(contentsOf: $0) }
    }

    /// Numbers of four bytes as little-endian bytes: in place on a
    /// little-endian machine, else copied.
    fileprivate static func withLittleEndian<Number: FixedWidthInteger, Result>(
        _ numbers: UnsafeBufferPointer<Number>, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        if 1.littleEndian == 1 { return body(UnsafeRawBufferPointer(numbers)) }
        return numbers.map(\.littleEndian).withUnsafeBytes(body)
    }

    private static func read32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) })
    }

    private static func read32(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
        UInt32(littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    private static func read64(_ bytes: [UInt8], _ offset: inout Int) -> UInt64? {
        guard bytes.count - offset >= 8 else { return nil }
        defer { offset += 8 }
        return UInt64(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) })
    }
}

/// LEB128: seven bits a byte, low first.
enum Varint {
    /// How many bytes `write` takes for `value`.
    static func count(_ value: UInt64) -> Int {
        max(1, (64 - value.leadingZeroBitCount + 6) / 7)
    }

    /// Writes `value` at `target`, which has room for it, and returns the count of bytes written.
    @inline(__always)
    static func write(_ value: UInt64, at target: UnsafeMutablePointer<UInt8>) -> Int {
        var value = value
        var written = 0
        while value >= 0x80 {
            target[written] = UInt8(value & 0x7F) | 0x80
            value >>= 7
            written += 1
        }
        target[written] = UInt8(value)
        return written + 1
    }

    static func write(_ value: UInt64, into output: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            output.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        output.append(UInt8(value))
    }

    static func read(_ bytes: [UInt8], _ offset: inout Int, end: Int) -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < end, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }
}
