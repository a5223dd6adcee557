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

    init?(text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard lines.popFirst().map(String.init) == Self.header else { return nil }
        entries = [:]
        foreign = []
        entries.reserveCapacity(lines.count)
        for line in lines {
            let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            if fields.count == 2, fields[0] == "foreign" {
                foreign.insert(String(fields[1]))
                continue
            }
            guard fields.count == 4, let contentHash = UInt64(fields[0], radix: 16),
                  let fingerprint = UInt64(fields[1], radix: 16), let size = Int(fields[2])
            else { return nil }
            entries[String(fields[3])] = Entry(contentHash: contentHash, fingerprint: fingerprint, size: size)
        }
    }

    var paths: Set<String> { Set(entries.keys) }

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
