#if canImport(Glibc)
import Glibc
#endif

/// The order of a manifest's lines, in which they are written and searched:
/// by the paths' UTF-8 bytes. Swift compares strings by canonical
/// equivalence, at several times the cost, and sorting a site's 26,000
/// paths so was most of the work of putting a new site in place.
enum ManifestPath {
    /// Whether `first`'s UTF-8 comes before `second`'s, byte by byte (a prefix first).
    static func precedes(_ first: String, _ second: String) -> Bool {
        let compared = first.utf8.withContiguousStorageIfAvailable { one in
            second.utf8.withContiguousStorageIfAvailable { other in
                Key.precedes(one.baseAddress, one.count, other.baseAddress, other.count)
            }
        }
        return (compared ?? nil) ?? first.utf8.lexicographicallyPrecedes(second.utf8)
    }

    /// `paths` in this order, sorted on up to `jobs` threads: their bytes
    /// copied once into one buffer, and keys into it sorted.
    static func sorted(_ paths: some Collection<String>, jobs: Int) -> [String] {
        let strings = Array(paths)
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(strings.count)
        for path in strings {
            let start = bytes.count
            bytes.append(contentsOf: path.utf8)
            ranges.append(start..<bytes.count)
        }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return strings }
            let keys = ranges.enumerated().map { Key(bytes: base + $1.lowerBound, count: $1.count, index: $0) }
            return keys.parallelSorted(jobs: jobs).map { strings[$0.index] }
        }
    }

    /// A path's bytes in the buffer of `sorted`, which outlives every key;
    /// the keys only read it, so threads may share them.
    private struct Key: Comparable, @unchecked Sendable {
        let bytes: UnsafePointer<UInt8>
        let count: Int
        let index: Int

        static func < (lhs: Key, rhs: Key) -> Bool {
            precedes(lhs.bytes, lhs.count, rhs.bytes, rhs.count)
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.count == rhs.count && !precedes(lhs.bytes, lhs.count, rhs.bytes, rhs.count)
                && !precedes(rhs.bytes, rhs.count, lhs.bytes, lhs.count)
        }

        static func precedes(_ left: UnsafePointer<UInt8>?, _ leftCount: Int, _ right: UnsafePointer<UInt8>?, _ rightCount: Int) -> Bool {
            let common = min(leftCount, rightCount)
            guard common > 0, let left, let right else { return leftCount < rightCount }
            let order = memcmp(left, right, common)
            return order != 0 ? order < 0 : leftCount < rightCount
        }
    }
}
