/// Splits the sorted terms of an index into chunks by prefix, so that a query
/// downloads only the chunks its words can be in.
///
/// Terms are grouped by their first character; a group larger than `limit`
/// bytes is split by its first two characters, and so on up to `maxDepth`.
/// A split group keeps, under its own key, only the term equal to the key.
/// So the chunk holding a term is the one whose key is the longest key that
/// begins the term, and every term beginning with `p` is in the chunks whose
/// keys begin with `p`, or in the longest key that begins `p`.
public enum TermChunker {
    public struct Entry: Sendable, Equatable {
        public let term: String
        public let postings: [UInt8]

        public init(term: String, postings: [UInt8]) {
            self.term = term
            self.postings = postings
        }

        /// About what the entry takes in a chunk's JSON.
        var size: Int { term.utf8.count + postings.count + 6 }
    }

    public struct Chunk: Sendable, Equatable {
        public let key: String
        public let entries: [Entry]
    }

    /// `entries` sorted by the UTF-8 bytes of their terms, no term twice.
    public static func chunks(_ entries: [Entry], limit: Int, maxDepth: Int = 4) -> [Chunk] {
        var chunks: [Chunk] = []
        split(entries[...], depth: 1, limit: limit, maxDepth: maxDepth, into: &chunks)
        return chunks
    }

    /// Groups are found by their keys' bytes: the key of `depth` characters
    /// is made a string once a group, not twice an entry (making them per
    /// entry was most of what chunking cost).
    private static func split(_ entries: ArraySlice<Entry>, depth: Int, limit: Int, maxDepth: Int, into chunks: inout [Chunk]) {
        var start = entries.startIndex
        while start < entries.endIndex {
            let keyLength = prefixLength(of: entries[start].term, depth)
            var end = start + 1
            while end < entries.endIndex, prefixLength(of: entries[end].term, depth) == keyLength,
                  entries[end].term.utf8.prefix(keyLength).elementsEqual(entries[start].term.utf8.prefix(keyLength)) { end += 1 }
            let key = String(decoding: entries[start].term.utf8.prefix(keyLength), as: UTF8.self)
            let group = entries[start..<end]
            if depth >= maxDepth || group.reduce(0, { $0 + $1.size }) <= limit {
                chunks.append(Chunk(key: key, entries: Array(group)))
            } else {
                // Sorted by bytes, the term equal to the key comes first in its group.
                let exact = group.prefix { $0.term.utf8.count == keyLength }
                if !exact.isEmpty { chunks.append(Chunk(key: key, entries: Array(exact))) }
                split(group.dropFirst(exact.count)[...], depth: depth + 1, limit: limit, maxDepth: maxDepth, into: &chunks)
            }
            start = end
        }
    }

    /// The bytes of `term`'s first `count` characters (Unicode scalars).
    static func prefixLength(of term: String, _ count: Int) -> Int {
        var length = 0
        var characters = 0
        for byte in term.utf8 {
            if byte & 0xC0 != 0x80 {
                if characters == count { break }
                characters += 1
            }
            length += 1
        }
        return length
    }

    /// The chunk's file name: its key's UTF-8 in hex, safe in any URL and file system.
    public static func fileName(ofKey key: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var name: [UInt8] = []
        for byte in key.utf8 {
            name.append(digits[Int(byte >> 4)])
            name.append(digits[Int(byte & 15)])
        }
        return String(decoding: name, as: UTF8.self) + ".json"
    }
}
