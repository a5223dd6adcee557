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
    private static let header = Array("sitegen search cache 6\n".utf8)
    /// The fingerprint of the index files (`SearchIndexing.indexFingerprint`), 0 for none.
    var indexFingerprint: UInt64 = 0
    /// The index's files, relative to the output folder, each with the hash of its bytes.
    var indexFiles: [(path: String, hash: UInt64)] = []
    /// Where each key's entry is in `bytes`.
    private var places: [UInt64: Range<Int>] = [:]
    /// Where each term of the dictionary starts in `bytes`, then where the last one ends.
    private var termStarts: [Int] = [0]
    private var bytes: [UInt8] = []

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

    /// The terms cached under `key`, decoded now.
    func terms(for key: UInt64) -> PostTerms? {
        guard let place = places[key] else { return nil }
        var utf8: [UInt8] = []
        var starts: [Int32] = [0]
        var strong: [Bool] = []
        let decoded = forEachTerm(in: place) { number, isStrong in
            utf8.append(contentsOf: bytes[termStarts[number]..<termStarts[number + 1]])
            starts.append(Int32(utf8.count))
            strong.append(isStrong)
        }
        return decoded ? PostTerms(utf8: utf8, starts: starts, strong: strong) : nil
    }

    /// Calls `body` with the dictionary number and the strong mark of each
    /// term of the entry at `place`; false for an entry it cannot read.
    private func forEachTerm(in place: Range<Int>, _ body: (Int, Bool) -> Void) -> Bool {
        var offset = place.lowerBound
        guard let count = Varint.read(bytes, &offset, end: place.upperBound), count <= UInt64(place.count) else { return false }
        let dictionaryCount = UInt64(termStarts.count - 1)
        for _ in 0..<count {
            guard let value = Varint.read(bytes, &offset, end: place.upperBound), value >> 1 < dictionaryCount else { return false }
            body(Int(value >> 1), value & 1 == 1)
        }
        return offset == place.upperBound
    }

    /// Where an entry of the next cache comes from.
    enum Entry {
        /// This cache's entry for the same key.
        case kept
        /// The terms of the document at `place` in table `table` of this build's.
        case terms(table: Int, place: Int)
        /// No terms.
        case none
    }

    /// The file's bytes: the index's fingerprint and files (count, then each
    /// path's length and bytes and its hash); the dictionary (count, the
    /// length of all its terms' bytes, those bytes, then each term's
    /// length); the table (count, then each key and the end of its entry);
    /// then the entries, one after the other. An entry is its term count,
    /// then each term's number in the dictionary shifted left, its strong
    /// flag in bit 0. A term's bytes are written once, not once for every
    /// post that has it (at 10,000 posts, 13 MB became 5 MB), and an entry
    /// is copied from a table or from `previous` by renumbering its terms.
    static func bytes(indexFingerprint: UInt64, indexFiles: [(path: String, hash: UInt64)], keys: [UInt64],
                      tables: [TermTable], previous: SearchTermCache, entry: (UInt64) -> Entry) -> [UInt8] {
        var dictionary = TermSet(capacity: 1 << 14)
        // By table, then by the previous cache: a term's number in the dictionary plus one, 0 until it is known.
        var tableNumbers = [[UInt32]](repeating: [], count: tables.count)
        var previousNumbers = [UInt32](repeating: 0, count: previous.termStarts.count - 1)
        var blob: [UInt8] = []
        var ends: [UInt64] = []
        ends.reserveCapacity(keys.count)
        for key in keys {
            switch entry(key) {
            case .kept:
                guard let place = previous.places[key] else {
                    Varint.write(0, into: &blob)
                    break
                }
                var numbers: [UInt32] = []
                _ = previous.forEachTerm(in: place) { number, isStrong in
                    if previousNumbers[number] == 0 {
                        previousNumbers[number] = previous.bytes.withUnsafeBufferPointer { all in
                            let term = UnsafeBufferPointer(rebasing: all[previous.termStarts[number]..<previous.termStarts[number + 1]])
                            return UInt32(dictionary.insert(term).number + 1)
                        }
                    }
                    numbers.append((previousNumbers[number] - 1) << 1 | (isStrong ? 1 : 0))
                }
                Varint.write(UInt64(numbers.count), into: &blob)
                for number in numbers { Varint.write(UInt64(number), into: &blob) }
            case .none:
                Varint.write(0, into: &blob)
            case .terms(let table, let place):
                tables[table].withDocument(at: place) { entries, termBytes, starts in
                    Varint.write(UInt64(entries.count), into: &blob)
                    let start = blob.count
                    blob.append(contentsOf: repeatElement(0, count: entries.count * 5))
                    var at = start
                    if tableNumbers[table].isEmpty { tableNumbers[table] = Array(repeating: 0, count: starts.count - 1) }
                    tableNumbers[table].withUnsafeMutableBufferPointer { numbers in
                        blob.withUnsafeMutableBufferPointer { output in
                            guard let target = output.baseAddress else { return }
                            for entry in entries {
                                let id = Int(entry >> 1)
                                if numbers[id] == 0 {
                                    let term = UnsafeBufferPointer(rebasing: termBytes[Int(starts[id])..<Int(starts[id + 1])])
                                    numbers[id] = UInt32(dictionary.insert(term).number + 1)
                                }
                                at += Varint.write(UInt64(numbers[id] - 1) << 1 | UInt64(entry & 1), at: target + at)
                            }
                        }
                    }
                    blob.removeLast(blob.count - at)
                }
            }
            ends.append(UInt64(blob.count))
        }
        var output = header
        output.reserveCapacity(header.count + 64 + dictionary.bytes.count + 2 * dictionary.count + keys.count * 16 + blob.count)
        append(indexFingerprint, to: &output)
        Varint.write(UInt64(indexFiles.count), into: &output)
        for file in indexFiles {
            Varint.write(UInt64(file.path.utf8.count), into: &output)
            output.append(contentsOf: file.path.utf8)
            append(file.hash, to: &output)
        }
        Varint.write(UInt64(dictionary.count), into: &output)
        Varint.write(UInt64(dictionary.bytes.count), into: &output)
        output.append(contentsOf: dictionary.bytes)
        for number in 0..<dictionary.count {
            Varint.write(UInt64(dictionary.starts[number + 1] - dictionary.starts[number]), into: &output)
        }
        Varint.write(UInt64(keys.count), into: &output)
        for (key, end) in zip(keys, ends) {
            append(key, to: &output)
            append(end, to: &output)
        }
        output.append(contentsOf: blob)
        return output
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
        guard let termCount = Varint.read(bytes, &offset, end: bytes.count), termCount <= UInt64(bytes.count - offset),
              let termLength = Varint.read(bytes, &offset, end: bytes.count), termLength <= UInt64(bytes.count - offset)
        else { return }
        let termBytesStart = offset
        offset += Int(termLength)
        var termStarts = [termBytesStart]
        termStarts.reserveCapacity(Int(termCount) + 1)
        for _ in 0..<termCount {
            guard let length = Varint.read(bytes, &offset, end: bytes.count), let last = termStarts.last,
                  length <= UInt64(termBytesStart + Int(termLength) - last) else { return }
            termStarts.append(last + Int(length))
        }
        guard termStarts.last == termBytesStart + Int(termLength) else { return }
        guard let count = Varint.read(bytes, &offset, end: bytes.count), count <= UInt64(bytes.count - offset) / 16 else { return }
        let blobStart = offset + Int(count) * 16
        var places: [UInt64: Range<Int>] = [:]
        places.reserveCapacity(Int(count))
        var start = blobStart
        for _ in 0..<count {
            guard let key = Self.read64(bytes, &offset), let end = Self.read64(bytes, &offset),
                  end <= UInt64(bytes.count - blobStart), Int(end) + blobStart >= start else { return }
            places[key] = start..<(blobStart + Int(end))
            start = blobStart + Int(end)
        }
        guard start == bytes.count else { return }
        self.places = places
        self.termStarts = termStarts
        self.bytes = bytes
        indexFingerprint = fingerprint
        indexFiles = files
    }

    private static func append(_ value: UInt64, to output: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { output.append(contentsOf: $0) }
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
