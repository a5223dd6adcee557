/// A place in a source file, 1-based, as editors and compilers count it.
/// Columns count Unicode scalars, so a line of emoji still points where the eye looks.
public struct SourceLocation: Sendable, Hashable, Comparable {
    public let line: Int
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
