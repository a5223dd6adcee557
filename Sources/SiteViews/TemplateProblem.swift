/// A mistake in a template file, located for the user's editor.
public struct TemplateProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public let path: String
    public let line: Int?
    public let column: Int?
    public let message: String

    public var description: String {
        if let line, let column { return "\(path):\(line):\(column): error: \(message)" }
        return "\(path): error: \(message)"
    }
}

/// Every template mistake found while loading, so one run reports them all.
public struct TemplateProblems: Error, Sendable {
    public let problems: [TemplateProblem]
}
