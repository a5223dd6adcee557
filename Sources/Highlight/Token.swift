/// What a stretch of code is, as the reader should see it. The set stays
/// small so that a theme can style every kind; `className` is what the HTML
/// carries.
public enum TokenKind: UInt8, CaseIterable, Sendable {
    case keyword
    case type
    case function
    case variable
    case attribute
    case preprocessor
    case string
    /// An escape inside a string (`\n`) or an entity in markup (`&amp;`).
    case escape
    /// The delimiters of an interpolation inside a string (`\(` and `)`).
    case interpolation
    case regex
    case number
    case comment
    case `operator`
    case punctuation
    /// A markup tag name, or the brackets around it.
    case tag
    /// A key: a markup attribute's name, a JSON or YAML key.
    case property
    /// The prompt of a console session (`$ `).
    case prompt
    /// What a command printed in a console session.
    case output
    /// A diff's added and removed lines, and its file and hunk headers.
    case inserted
    case deleted
    case meta

    /// The HTML class: `hl-` keeps it apart from a site's own classes.
    public var className: String { "hl-" + Self.names[Int(rawValue)] }

    private static let names = [
        "keyword", "type", "function", "variable", "attribute", "preprocessor", "string", "escape",
        "interpolation", "regex", "number", "comment", "operator", "punctuation", "tag", "property",
        "prompt", "output", "inserted", "deleted", "meta",
    ]
}

/// A classified range of the code's UTF-8 bytes. Bytes no token covers are
/// plain text (identifiers, whitespace).
public struct Token: Sendable, Hashable {
    public var start: Int
    public var end: Int
    public var kind: TokenKind

    public init(start: Int, end: Int, kind: TokenKind) {
        self.start = start
        self.end = end
        self.kind = kind
    }
}
