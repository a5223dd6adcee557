/// The template a partial or parent tag expands: named in the tag, or, for
/// `{{>*name}}`, named by a string value looked up at render time.
enum PartialName: Sendable, Equatable {
    case fixed(String)
    case dynamic(Name)

    init(_ text: String) {
        self = text.first == "*" ? .dynamic(Name(String(text.dropFirst()))) : .fixed(text)
    }
}
