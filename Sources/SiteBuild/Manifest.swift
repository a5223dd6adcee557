/// What sitegen wrote into a tree, kept inside it as `.sitegen-manifest`.
///
/// Its presence is what lets a build touch a folder at all. Each entry says
/// which bytes the file holds (hash and size) and the fingerprint of the
/// inputs it was rendered from, so an unchanged post need not be rendered.
/// It holds nothing about the machine, so two builds of the same input give
/// the same manifest too.
struct Manifest: Equatable, Sendable {
    static let fileName = ".sitegen-manifest"
    private static let header = "sitegen manifest 2"

    struct Entry: Equatable, Sendable {
        var contentHash: UInt64
        var fingerprint: UInt64
        var size: Int
    }

    var entries: [String: Entry]
    /// Files in the tree that sitegen did not write but carries from build to build.
    var foreign: Set<String>

    init(entries: [String: Entry] = [:], foreign: Set<String> = []) {
        self.entries = entries
        self.foreign = foreign
    }

    /// Parses the manifest byte by byte: it has a line per file of the site,
    /// and every build reads it.
    init?(bytes: [UInt8]) {
        var entries: [String: Entry] = [:]
        var foreign: Set<String> = []
        let parsed = bytes.withUnsafeBufferPointer { buffer -> Bool in
            var lines = Lines(buffer)
            guard let first = lines.next(), first.elementsEqual(Self.header.utf8) else { return false }
            entries.reserveCapacity(buffer.count / 60)
            let foreignPrefix = Array("foreign ".utf8)
            while let line = lines.next() {
                if line.starts(with: foreignPrefix) {
                    foreign.insert(String(decoding: UnsafeBufferPointer(rebasing: line.dropFirst(foreignPrefix.count)), as: UTF8.self))
                    continue
                }
                // "<16 hex> <16 hex> <decimal> <path>"
                guard line.count > 35, line[line.startIndex + 16] == UInt8(ascii: " "), line[line.startIndex + 33] == UInt8(ascii: " "),
                      let contentHash = Self.number(line[line.startIndex..<line.startIndex + 16], radix: 16),
                      let fingerprint = Self.number(line[line.startIndex + 17..<line.startIndex + 33], radix: 16),
                      let space = line[(line.startIndex + 34)...].firstIndex(of: UInt8(ascii: " ")),
                      let size = Self.number(line[(line.startIndex + 34)..<space], radix: 10), space + 1 < line.endIndex
                else { return false }
                let path = String(decoding: UnsafeBufferPointer(rebasing: line[(space + 1)...]), as: UTF8.self)
                entries[path] = Entry(contentHash: contentHash, fingerprint: fingerprint, size: Int(size))
            }
            return true
        }
        guard parsed else { return nil }
        self.entries = entries
        self.foreign = foreign
    }

    /// The non-empty lines of a buffer, without copying them.
    private struct Lines {
        let buffer: UnsafeBufferPointer<UInt8>
        var offset = 0

        init(_ buffer: UnsafeBufferPointer<UInt8>) {
            self.buffer = buffer
        }

        mutating func next() -> Slice<UnsafeBufferPointer<UInt8>>? {
            while offset < buffer.count {
                let start = offset
                let end = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) ?? buffer.count
                offset = end + 1
                if end > start { return buffer[start..<end] }
            }
            return nil
        }
    }

    private static func number(_ digits: Slice<UnsafeBufferPointer<UInt8>>, radix: UInt64) -> UInt64? {
        guard !digits.isEmpty, digits.count <= 16 else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt64(byte - UInt8(ascii: "a") + 10)
            default: return nil
            }
            value = value &* radix &+ digit
        }
        return value
    }

    /// Sorted by path, so the manifest itself is the same for the same tree.
    var bytes: [UInt8] { bytes(jobs: 1) }

    /// The bytes, the paths sorted on up to `jobs` threads (a line per file of the site).
    func bytes(jobs: Int) -> [UInt8] {
        bytes(sortedPaths: sortedPaths(jobs: jobs), jobs: jobs)
    }

    /// The paths in the order of the manifest's lines (`ManifestPath`).
    func sortedPaths(jobs: Int) -> [String] {
        ManifestPath.sorted(entries.keys, jobs: jobs)
    }

    /// The bytes, given the paths of `entries` already sorted; `lineStart`
    /// is told where each entry's line starts, then where the entries end.
    /// The lines are formatted in chunks on `jobs` threads: a build writes
    /// its manifest last, when every other core is done.
    func bytes(sortedPaths: [String], jobs: Int = 1, lineStart: (Int) -> Void = { _ in }) -> [UInt8] {
        let chunkCount = sortedPaths.count >= 4096 ? max(1, jobs) : 1
        let chunkSize = (sortedPaths.count + chunkCount - 1) / max(1, chunkCount)
        let chunks = (0..<chunkCount).map { $0 * chunkSize..<min(sortedPaths.count, ($0 + 1) * chunkSize) }
        let formatted = chunks.parallelMap(jobs: jobs) { range -> (bytes: [UInt8], starts: [Int]) in
            var bytes: [UInt8] = []
            var starts: [Int] = []
            bytes.reserveCapacity(range.count * 80)
            starts.reserveCapacity(range.count)
            for path in sortedPaths[range] {
                guard let entry = entries[path] else { continue }
                starts.append(bytes.count)
                Self.appendLine(path, entry, to: &bytes)
            }
            return (bytes, starts)
        }
        var output = Array(Self.header.utf8) + [UInt8(ascii: "\n")]
        output.reserveCapacity(output.count + formatted.reduce(0) { $0 + $1.bytes.count } + 64 * foreign.count)
        for chunk in formatted {
            for start in chunk.starts { lineStart(output.count + start) }
            output.append(contentsOf: chunk.bytes)
        }
        lineStart(output.count)
        for path in foreign.sorted() {
            output.append(contentsOf: "foreign ".utf8)
            output.append(contentsOf: path.utf8)
            output.append(UInt8(ascii: "\n"))
        }
        return output
    }

    /// "<16 hex> <16 hex> <decimal> <path>" and a line feed.
    static func appendLine(_ path: String, _ entry: Entry, to output: inout [UInt8]) {
        appendHex(entry.contentHash, to: &output)
        output.append(UInt8(ascii: " "))
        appendHex(entry.fingerprint, to: &output)
        output.append(UInt8(ascii: " "))
        output.append(contentsOf: String(entry.size).utf8)
        output.append(UInt8(ascii: " "))
        output.append(contentsOf: path.utf8)
        output.append(UInt8(ascii: "\n"))
    }

    /// Sixteen lowercase hex digits, leading zeros kept, made in place and appended at once.
    private static func appendHex(_ value: UInt64, to output: inout [UInt8]) {
        var digits: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &digits) { text in
            for index in 0..<16 {
                let digit = UInt8(truncatingIfNeeded: value >> UInt64(60 - 4 * index)) & 0xF
                text[index] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") - 10 + digit
            }
        }
        withUnsafeBytes(of: digits) { output.append(contentsOf: $0) }
    }
}
