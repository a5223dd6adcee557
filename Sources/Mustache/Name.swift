/// A value reference as written in a tag: `.` for the current value, a single
/// key, or a dotted path whose first key is looked up the context stack and
/// whose other keys are looked up inside that value. Single keys, by far the
/// most common, get their own case so resolving them touches no array.
///
/// The keys themselves are in the template's `keys`, and a name holds only
/// where: every thread renders the same templates, and a dotted name that
/// held its keys was copied on each look-up, counting a reference to an
/// array both threads read. A key read from the table is most often a short
/// string, which counts none.
enum Name: Sendable, Equatable {
    case implicitIterator
    /// `keys[index]`.
    case key(Int)
    /// `keys[range]`, two or more: the first looked up the stack, the others inside it.
    case path(Range<Int>)

    /// The name `text` spells; its keys are appended to `keys`.
    init(_ text: String, keys: inout [String]) {
        guard text != "." else {
            self = .implicitIterator
            return
        }
        let start = keys.count
        keys += text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        self = keys.count - start == 1 ? .key(start) : .path(start..<keys.count)
    }
}
