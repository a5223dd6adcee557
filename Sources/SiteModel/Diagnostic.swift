/// One problem found in the input, printed the way compilers print them so
/// that editors can jump to it: `path:line:column: error: message`.
public struct Diagnostic: Error, Sendable, Hashable, Comparable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
    }

    public let path: String
    public let location: SourceLocation?
    public let severity: Severity
    public let message: String

    public init(path: String, location: SourceLocation? = nil, severity: Severity = .error, message: String) {
        self.path = path
        self.location = location
        self.severity = severity
        self.message = message
    }

    public static func error(_ message: String, in path: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(path: path, location: location, severity: .error, message: message)
    }

    public static func warning(_ message: String, in path: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(path: path, location: location, severity: .warning, message: message)
    }

    public var description: String {
        if let location {
            return "\(path):\(location.line):\(location.column): \(severity.rawValue): \(message)"
        }
        return "\(path): \(severity.rawValue): \(message)"
    }

    /// Sorted by path, then position, so a report reads top to bottom like the tree.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        if lhs.path != rhs.path { return lhs.path < rhs.path }
        let left = lhs.location ?? SourceLocation(line: 0, column: 0)
        let right = rhs.location ?? SourceLocation(line: 0, column: 0)
        if left != right { return left < right }
        return lhs.message < rhs.message
    }
}

/// Every problem a step found; thrown so that nothing is written when any is an error.
public struct DiagnosticsError: Error, Sendable {
    public let diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics.sorted()
    }
}
