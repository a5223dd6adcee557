/// A value reference as written in a tag: `.` for the current value, a single
/// key, or a dotted path whose first key is looked up the context stack and
/// whose other keys are looked up inside that value. Single keys, by far the
/// most common, get their own case so resolving them touches no array.
enum Name: Sendable, Equatable {
    case implicitIterator
    case key(String)
    case path(first: String, rest: [String])

    init(_ text: String) {
        let keys = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if text == "." {
            self = .implicitIterator
        } else if keys.count == 1 {
            self = .key(text)
        } else {
            self = .path(first: keys[0], rest: Array(keys.dropFirst()))
        }
    }
}
