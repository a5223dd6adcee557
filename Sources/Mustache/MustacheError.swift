/// A template mistake, located at the opening delimiter of the offending tag so
/// an editor can jump straight to it. `line` and `column` are 1-based; the
/// column counts Unicode scalars.
public struct MustacheError: Error, Sendable, Equatable, CustomStringConvertible {
    public let templateName: String
    public let line: Int
    public let column: Int
    public let message: String

    public init(templateName: String, line: Int, column: Int, message: String) {
        self.templateName = templateName
        self.line = line
        self.column = column
        self.message = message
    }

    /// `name:line:column: error: message`, the form compilers use, so terminals
    /// and editors turn it into a link.
    public var description: String {
        "\(templateName):\(line):\(column): error: \(message)"
    }
}
