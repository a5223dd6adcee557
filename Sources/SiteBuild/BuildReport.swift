import SiteModel

/// What a finished build did, for the one summary line it ends with.
public struct BuildReport: Sendable {
    public let pages: Int
    public let files: OutputStore.Counts
    public let seconds: Double
    public let warnings: [String]
    /// Paths, relative to the output folder, of the files this build wrote
    /// (new, or with new bytes) and of those it removed.
    public let written: Set<String>
    public let removed: [String]

    public var summaryLine: String {
        let time = (seconds * 100).rounded() / 100
        return "built \(pages) pages: \(files.written) files written, \(files.unchanged) unchanged, "
            + "\(files.removed) removed in \(time) s"
    }
}

/// Why a build stopped without touching the output: every message, one per line.
public struct BuildFailure: Error, Sendable {
    /// What to print: warnings and errors together, by path, then position.
    public let lines: [String]
    /// The errors alone.
    public let messages: [String]

    /// Problems in the input, sorted as the tree reads.
    init(diagnostics: [Diagnostic]) {
        let sorted = diagnostics.sorted()
        lines = sorted.map(\.description)
        messages = sorted.filter { $0.severity == .error }.map(\.description)
    }

    /// A problem with the output folder, found once the input was known to be good.
    init(messages: [String], warnings: [String]) {
        lines = warnings + messages
        self.messages = messages
    }
}

/// What the build is doing now, for a progress display on a terminal.
public enum BuildProgress: Sendable {
    case step(number: Int, of: Int, name: String)
    case rendered(done: Int, of: Int)
}
