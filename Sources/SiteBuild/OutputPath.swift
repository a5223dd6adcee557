/// A path inside the output folder that cannot leave it: relative, no `..`,
/// no empty or hidden components, no control characters.
struct OutputPath: Hashable, Comparable, Sendable {
    let components: [Substring]
    var text: String { components.joined(separator: "/") }

    init?(_ path: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.isEmpty, !path.hasPrefix("/"),
              parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.hasPrefix(".") }),
              !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\\" || $0.value == 0x7F })
        else { return nil }
        components = parts
    }

    /// Folders that must exist before the file is written, outermost first.
    var parentDirectories: [String] {
        (1..<components.count).map { components[0..<$0].joined(separator: "/") }
    }

    static func < (lhs: OutputPath, rhs: OutputPath) -> Bool { lhs.text < rhs.text }
}
