import SearchIndex
import SiteModel

/// The terms of each post from the last build, by a key of everything they
/// come from (the post's file, the Markdown renderer, the texts that rank
/// first), so that a post whose page is reused is indexed without rendering
/// its Markdown again. Kept beside the output folder like the post cache;
/// damaged or from another version, it is simply empty. It also names the
/// index files the last build wrote and the fingerprint of what they were
/// made of, so that a build whose index would be the same keeps them as they
/// are without assembling it.
struct SearchTermCache: Sendable {
    private static let header = Array("sitegen search cache 3\n".utf8)
    var entries: [UInt64: PostTerms] = [:]
    /// The fingerprint of the index files (`SearchIndexing.indexFingerprint`), 0 for none.
    var indexFingerprint: UInt64 = 0
    /// The index files' paths, relative to the output folder.
    var indexPaths: [String] = []

    init() {}

    init(entries: [UInt64: PostTerms], indexFingerprint: UInt64 = 0, indexPaths: [String] = []) {
        self.entries = entries
        self.indexFingerprint = indexFingerprint
        self.indexPaths = indexPaths
    }

    /// The key of a post's terms.
    static func key(sourceHash: UInt64, markdownIdentity: String, strongTexts: [String]) -> UInt64 {
        var hash = StableHash()
        hash.combine(String(decoding: header, as: UTF8.self))
        hash.combine(markdownIdentity)
        hash.combine(sourceHash)
        for text in strongTexts { hash.combine(text) }
        return hash.value
    }

    /// The index's fingerprint and paths (count, then each length and
    /// bytes); then each entry, by key: its key, its term count, then each
    /// term's length (shifted left, its strong flag in bit 0) and bytes.
    var bytes: [UInt8] {
        var output = Self.header
        output.reserveCapacity(entries.values.reduce(64) { $0 + $1.utf8.count + $1.count + 12 })
        withUnsafeBytes(of: indexFingerprint.littleEndian) { output.append(contentsOf: $0) }
        Varint.write(UInt64(indexPaths.count), into: &output)
        for path in indexPaths {
            Varint.write(UInt64(path.utf8.count), into: &output)
            output.append(contentsOf: path.utf8)
        }
        Varint.write(UInt64(entries.count), into: &output)
        for key in entries.keys.sorted() {
            guard let terms = entries[key] else { continue }
            withUnsafeBytes(of: key.littleEndian) { output.append(contentsOf: $0) }
            Varint.write(UInt64(terms.count), into: &output)
            for index in 0..<terms.count {
                let start = Int(terms.starts[index])
                let end = Int(terms.starts[index + 1])
                Varint.write(UInt64(end - start) << 1 | (terms.strong[index] ? 1 : 0), into: &output)
                output.append(contentsOf: terms.utf8[start..<end])
            }
        }
        return output
    }

    init(bytes: [UInt8]) {
        guard bytes.starts(with: Self.header) else { return }
        var offset = Self.header.count
        guard bytes.count - offset >= 8 else { return }
        let fingerprint = UInt64(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) })
        offset += 8
        guard let pathCount = Varint.read(bytes, &offset), pathCount < UInt64(bytes.count) else { return }
        var paths: [String] = []
        for _ in 0..<pathCount {
            guard let length = Varint.read(bytes, &offset), length <= UInt64(bytes.count - offset) else { return }
            paths.append(String(decoding: bytes[offset..<offset + Int(length)], as: UTF8.self))
            offset += Int(length)
        }
        guard let entryCount = Varint.read(bytes, &offset), entryCount < UInt64(bytes.count) else { return }
        var entries: [UInt64: PostTerms] = [:]
        entries.reserveCapacity(Int(entryCount))
        for _ in 0..<entryCount {
            guard bytes.count - offset >= 8 else { return }
            let key = UInt64(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) })
            offset += 8
            guard let count = Varint.read(bytes, &offset), count < UInt64(bytes.count) else { return }
            var utf8: [UInt8] = []
            var starts: [Int32] = [0]
            var strong: [Bool] = []
            starts.reserveCapacity(Int(count) + 1)
            strong.reserveCapacity(Int(count))
            for _ in 0..<count {
                guard let value = Varint.read(bytes, &offset), value >> 1 <= UInt64(bytes.count - offset) else { return }
                let end = offset + Int(value >> 1)
                utf8.append(contentsOf: bytes[offset..<end])
                offset = end
                starts.append(Int32(utf8.count))
                strong.append(value & 1 == 1)
            }
            entries[key] = PostTerms(utf8: utf8, starts: starts, strong: strong)
        }
        guard offset == bytes.count else { return }
        self.entries = entries
        indexFingerprint = fingerprint
        indexPaths = paths
    }
}

/// LEB128: seven bits a byte, low first.
private enum Varint {
    static func write(_ value: UInt64, into output: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            output.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        output.append(UInt8(value))
    }

    static func read(_ bytes: [UInt8], _ offset: inout Int) -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }
}
