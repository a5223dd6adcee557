/// Every mistake found while building a `TemplateLibrary`, so one run reports
/// them all. Sorted by template name, line and column.
public struct MustacheErrors: Error, Sendable, CustomStringConvertible {
    public let errors: [MustacheError]

    public init(_ errors: [MustacheError]) {
        self.errors = errors.sorted { a, b in
            (a.templateName, a.line, a.column) < (b.templateName, b.line, b.column)
        }
    }

    /// One error per line.
    public var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}
