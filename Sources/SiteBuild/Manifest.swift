/// The list of files sitegen wrote into an output folder, kept inside it.
/// Its presence is what lets a later build touch the folder at all, and it
/// tells which files a build may replace or remove.
struct Manifest: Equatable, Sendable {
    static let fileName = ".sitegen-manifest"
    private static let header = "sitegen manifest 1"

    var paths: Set<String>

    init(paths: Set<String>) {
        self.paths = paths
    }

    init?(text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first.map(String.init) == Self.header else { return nil }
        lines.removeFirst()
        paths = Set(lines.map(String.init))
    }

    /// Sorted, so the manifest itself is deterministic.
    var text: String {
        ([Self.header] + paths.sorted()).joined(separator: "\n") + "\n"
    }
}
