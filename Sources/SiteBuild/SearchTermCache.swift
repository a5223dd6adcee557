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
    private static let header = Array("sitegen search cache 5\n".utf8)
    /// The fingerprint of the index files (`SearchIndexing.indexFingerprint`), 0 for none.
    var indexFingerprint: UInt64 = 0
    /// The index's files, relative to the output folder, each with the hash of its bytes.
    var indexFiles: [(path: String, hash: UInt64)] = []
    /// Where each key's terms are in `bytes`.
    private var places: [UInt64: Range<Int>] = [:]
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
        var offset = place.lowerBound
        guard let count = Varint.read(bytes, &offset, end: place.upperBound), count <= UInt64(place.count),
              let length = Varint.read(bytes, &offset, end: place.upperBound), length <= UInt64(place.upperBound - offset)
        else { return nil }
        let utf8 = Array(bytes[offset..<offset + Int(length)])
        offset += Int(length)
        var starts: [Int32] = [0]
        var strong: [Bool] = []
        starts.reserveCapacity(Int(count) + 1)
        strong.reserveCapacity(Int(count))
        var end: UInt64 = 0
        for _ in 0..<count {
            guard let value = Varint.read(bytes, &offset, end: place.upperBound) else { return nil }
            end += value >> 1
            guard end <= length else { return nil }
            starts.append(Int32(end))
            strong.append(value & 1 == 1)
        }
        guard end == length, offset == place.upperBound else { return nil }
        return PostTerms(utf8: utf8, starts: starts, strong: strong)
    }

    /// Where an entry of the next cache comes from.
    enum Entry {
        /// As this cache stores it (`rawEntry`).
        case raw(ArraySlice<UInt8>)
        /// The terms of the document at `place` in a table of this build.
        case terms(TermTable, place: Int)
    }

    /// An entry of no terms.
    static let emptyEntry: [UInt8] = [0, 0]

    /// The file's bytes: the index's fingerprint and files (count, then each
    /// path's length and bytes and its hash); the table (count, then each
    /// key and the end of its entry); then the entries, one after the other.
    /// An entry is its term count, the length of all their bytes, those
    /// bytes, then each term's length shifted left, its strong flag in bit 0.
    /// Made in one buffer of about its size, the table filled in last.
    static func bytes(indexFingerprint: UInt64, indexFiles: [(path: String, hash: UInt64)], keys: [UInt64],
                      entry: (UInt64) -> Entry) -> [UInt8] {
        let entries = keys.map(entry)
        var capacity = header.count + 20 + keys.count * 16
        for file in indexFiles { capacity += file.path.utf8.count + 18 }
        for entry in entries {
            switch entry {
            case .raw(let bytes): capacity += bytes.count
            case .terms(let table, let place):
                let size = table.size(ofDocumentAt: place)
                capacity += 20 + size.bytes + 2 * size.terms
            }
        }
        var output = header
        output.reserveCapacity(capacity)
        append(indexFingerprint, to: &output)
        Varint.write(UInt64(indexFiles.count), into: &output)
        for file in indexFiles {
            Varint.write(UInt64(file.path.utf8.count), into: &output)
            output.append(contentsOf: file.path.utf8)
            append(file.hash, to: &output)
        }
        Varint.write(UInt64(keys.count), into: &output)
        let tableStart = output.count
        output.append(contentsOf: repeatElement(0, count: keys.count * 16))
        let blobStart = output.count
        for (number, (key, entry)) in zip(keys, entries).enumerated() {
            switch entry {
            case .raw(let bytes): output.append(contentsOf: bytes)
            case .terms(let table, let place): append(table, place, to: &output)
            }
            let end = UInt64(output.count - blobStart)
            output.withUnsafeMutableBytes { raw in
                raw.storeBytes(of: key.littleEndian, toByteOffset: tableStart + number * 16, as: UInt64.self)
                raw.storeBytes(of: end.littleEndian, toByteOffset: tableStart + number * 16 + 8, as: UInt64.self)
            }
        }
        return output
    }

    /// One entry, as `bytes` describes it: the room for its terms and their
    /// lengths is made in one step and filled in one pass (appended a byte
    /// at a time, the lengths cost more than the terms).
    private static func append(_ table: TermTable, _ place: Int, to output: inout [UInt8]) {
        table.withDocument(at: place) { entries, bytes, starts in
            var length = 0
            var lengthBytes = 0
            for entry in entries {
                let id = Int(entry >> 1)
                let termLength = Int(starts[id + 1] - starts[id])
                length += termLength
                lengthBytes += Varint.count(UInt64(termLength) << 1 | 1)
            }
            Varint.write(UInt64(entries.count), into: &output)
            Varint.write(UInt64(length), into: &output)
            let termsStart = output.count
            output.append(contentsOf: repeatElement(0, count: length + lengthBytes))
            output.withUnsafeMutableBufferPointer { output in
                guard let target = output.baseAddress, let source = bytes.baseAddress else { return }
                var termAt = termsStart
                var lengthAt = termsStart + length
                for entry in entries {
                    let id = Int(entry >> 1)
                    let start = Int(starts[id])
                    let termLength = Int(starts[id + 1]) - start
                    (target + termAt).update(from: source + start, count: termLength)
                    termAt += termLength
                    lengthAt += Varint.write(UInt64(termLength) << 1 | UInt64(entry & 1), at: target + lengthAt)
                }
            }
        }
    }

    /// An entry as stored, to copy into the next cache without decoding it.
    func rawEntry(for key: UInt64) -> ArraySlice<UInt8>? {
        places[key].map { bytes[$0] }
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
