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
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)[...]
        guard let first = lines.popFirst(), first.elementsEqual(Self.header.utf8) else { return nil }
        entries = [:]
        foreign = []
        entries.reserveCapacity(lines.count)
        let foreignPrefix = Array("foreign ".utf8)
        for line in lines {
            if line.starts(with: foreignPrefix) {
                foreign.insert(String(decoding: line.dropFirst(foreignPrefix.count), as: UTF8.self))
                continue
            }
            var fields = line.split(separator: UInt8(ascii: " "), maxSplits: 3, omittingEmptySubsequences: false)[...]
            guard fields.count == 4,
                  let contentHash = Self.number(fields.removeFirst(), radix: 16),
                  let fingerprint = Self.number(fields.removeFirst(), radix: 16),
                  let size = Self.number(fields.removeFirst(), radix: 10), let path = fields.first, !path.isEmpty
            else { return nil }
            entries[String(decoding: path, as: UTF8.self)] = Entry(contentHash: contentHash, fingerprint: fingerprint, size: Int(size))
        }
    }

    private static func number(_ digits: ArraySlice<UInt8>, radix: UInt64) -> UInt64? {
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
    var text: String {
        var lines = [Self.header]
        lines.reserveCapacity(entries.count + foreign.count + 1)
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            lines.append("\(hex(entry.contentHash)) \(hex(entry.fingerprint)) \(entry.size) \(path)")
        }
        lines += foreign.sorted().map { "foreign \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }

    private func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
