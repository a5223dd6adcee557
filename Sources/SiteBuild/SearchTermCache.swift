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

    /// One entry's bytes: its term count, the length of all their bytes, those
    /// bytes, then each term's length shifted left, its strong flag in bit 0.
    static func entry(_ terms: PostTerms) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(terms.utf8.count + terms.count + 8)
        Varint.write(UInt64(terms.count), into: &output)
        Varint.write(UInt64(terms.utf8.count), into: &output)
        output.append(contentsOf: terms.utf8)
        for index in 0..<terms.count {
            let length = terms.starts[index + 1] - terms.starts[index]
            let value = UInt64(length) << 1 | (terms.strong[index] ? 1 : 0)
            if value < 0x80 { output.append(UInt8(value)) } else { Varint.write(value, into: &output) }
        }
        return output
    }

    /// The file's bytes: the index's fingerprint and files (count, then each
    /// path's length and bytes and its hash); the table (count, then each
    /// key and the end of its entry); then the entries, one after the other.
    /// `entry` gives an entry's bytes: new, or this cache's own (`rawEntry`).
    static func bytes(indexFingerprint: UInt64, indexFiles: [(path: String, hash: UInt64)], keys: [UInt64],
                      entry: (UInt64) -> ArraySlice<UInt8>) -> [UInt8] {
        var output = header
        append(indexFingerprint, to: &output)
        Varint.write(UInt64(indexFiles.count), into: &output)
        for file in indexFiles {
            Varint.write(UInt64(file.path.utf8.count), into: &output)
            output.append(contentsOf: file.path.utf8)
            append(file.hash, to: &output)
        }
        var blob: [UInt8] = []
        var table: [UInt8] = []
        for key in keys {
            blob.append(contentsOf: entry(key))
            append(key, to: &table)
            append(UInt64(blob.count), to: &table)
        }
        Varint.write(UInt64(keys.count), into: &output)
        output += table
        output += blob
        return output
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
