/// A set of ASCII words (keywords, built-in types) that answers whether a
/// range of the code is one of them without making a `String`: the lexers
/// ask this for every identifier, so it must not allocate.
struct WordSet: Sendable {
    private static let bucketCount = 256
    /// Words by the bucket of their hash; each bucket is short.
    private let buckets: [[[UInt8]]]

    init(_ words: String) {
        var buckets = [[[UInt8]]](repeating: [], count: Self.bucketCount)
        for word in words.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let bytes = Array(word.utf8)
            let bucket = bytes.withUnsafeBufferPointer { Self.bucket(of: $0[...]) }
            buckets[bucket].append(bytes)
        }
        self.buckets = buckets
    }

    func contains(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard word.count < 40 else { return false }
        for candidate in buckets[Self.bucket(of: word)] where candidate.count == word.count {
            if candidate.elementsEqual(word) { return true }
        }
        return false
    }

    private static func bucket(of word: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in word {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return Int(hash % UInt32(bucketCount))
    }
}
