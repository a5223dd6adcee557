import SearchIndex
import SiteModel

/// The terms of each post from the last build, by a key of everything they
/// come from (the post's file, the Markdown renderer, the texts that rank
/// first), so that a post whose page is reused is indexed without rendering
/// its Markdown again. Kept beside the output folder like the post cache;
/// damaged or from another version, it is simply empty.
struct SearchTermCache: Sendable {
    private static let header = Array("sitegen search cache 1\n".utf8)
    var entries: [UInt64: PostTerms] = [:]

    init() {}

    init(entries: [UInt64: PostTerms]) {
        self.entries = entries
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

    /// Every term once, sorted, then each entry as its key and its terms' numbers in that list, sorted.
    var bytes: [UInt8] {
        var numbers: [String: UInt64] = [:]
        for terms in entries.values { for term in terms.terms { numbers[term] = 0 } }
        let sortedTerms = numbers.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for (number, term) in sortedTerms.enumerated() { numbers[term] = UInt64(number) }
        var output = Self.header
        Varint.write(UInt64(sortedTerms.count), into: &output)
        for term in sortedTerms {
            Varint.write(UInt64(term.utf8.count), into: &output)
            output.append(contentsOf: term.utf8)
        }
        Varint.write(UInt64(entries.count), into: &output)
        for key in entries.keys.sorted() {
            guard let terms = entries[key] else { continue }
            withUnsafeBytes(of: key.littleEndian) { output.append(contentsOf: $0) }
            let values = zip(terms.terms, terms.strong).map { term, strong in (numbers[term] ?? 0) << 1 | (strong ? 1 : 0) }.sorted()
            Varint.write(UInt64(values.count), into: &output)
            for value in values { Varint.write(value, into: &output) }
        }
        return output
    }

    init(bytes: [UInt8]) {
        guard bytes.starts(with: Self.header) else { return }
        var offset = Self.header.count
        guard let termCount = Varint.read(bytes, &offset), termCount < UInt64(bytes.count) else { return }
        var terms: [String] = []
        terms.reserveCapacity(Int(termCount))
        for _ in 0..<termCount {
            guard let length = Varint.read(bytes, &offset), length <= UInt64(bytes.count - offset) else { return }
            terms.append(String(decoding: bytes[offset..<(offset + Int(length))], as: UTF8.self))
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
            var postTerms: [String] = []
            var strong: [Bool] = []
            postTerms.reserveCapacity(Int(count))
            strong.reserveCapacity(Int(count))
            for _ in 0..<count {
                guard let value = Varint.read(bytes, &offset), value >> 1 < UInt64(terms.count) else { return }
                postTerms.append(terms[Int(value >> 1)])
                strong.append(value & 1 == 1)
            }
            entries[key] = PostTerms(terms: postTerms, strong: strong)
        }
        guard offset == bytes.count else { return }
        self.entries = entries
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
