/// A stretch of template text or one tag, as the scanner found it. Tokens keep
/// byte ranges into the source so the whitespace pass can look at whole lines.
struct Token {
    enum Kind: Equatable {
        case text
        /// `{{name}}`, HTML-escaped.
        case variable
        /// `{{{name}}}` or `{{& name}}`.
        case rawVariable
        /// `{{#name}}`
        case section
        /// `{{^name}}`
        case invertedSection
        /// `{{/name}}`
        case close
        /// `{{! ... }}`
        case comment
        /// `{{>name}}` or `{{>*name}}`
        case partial
        /// `{{<name}}` or `{{<*name}}`
        case parent
        /// `{{$name}}`
        case block
        /// `{{=<% %>=}}`
        case setDelimiters
    }

    let kind: Kind
    /// The text itself, or the whole tag including its delimiters.
    let range: Range<Int>
    /// The tag's name with surrounding whitespace removed; a dynamic name keeps
    /// its leading `*`. Empty for text, comments and set-delimiter tags.
    let name: String

    /// Tags that open an element closed by a matching `{{/name}}`.
    var opensElement: Bool {
        switch kind {
        case .section, .invertedSection, .parent, .block: true
        default: false
        }
    }

    /// Tags that swallow their line when nothing else is on it. Interpolations
    /// never do, because they produce output.
    var canStandAlone: Bool {
        switch kind {
        case .text, .variable, .rawVariable: false
        default: true
        }
    }
}
