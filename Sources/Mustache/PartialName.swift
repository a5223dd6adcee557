/// The template a partial or parent tag expands: named in the tag, or, for
/// `{{>*name}}`, named by a string value looked up at render time.
enum PartialName: Sendable, Equatable {
    case fixed(String)
    case dynamic(Name)

    /// A dynamic name's keys are appended to `keys`.
    init(_ text: String, keys: inout [String]) {
        self = text.first == "*" ? .dynamic(Name(String(text.dropFirst()), keys: &keys)) : .fixed(text)
    }

    /// The template a tag names, when the tag names it itself.
    static func fixedName(_ text: String) -> String? {
        text.first == "*" ? nil : text
    }
}
