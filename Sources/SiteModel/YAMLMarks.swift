import CYAML

/// Turns libyaml's positions into sitegen's. libyaml also breaks lines at a
/// lone CR and at U+0085, U+2028 and U+2029, where every other message of
/// sitegen (and an editor's line count) does not; its character index is
/// unambiguous, so lines and columns are counted again from it: lines at
/// `\n`, columns in Unicode scalars. Marks mostly come in file order, so
/// the count goes forward from the last one.
struct YAMLMarks {
    private let text: UnsafeBufferPointer<UInt8>
    private var byte = 0
    private var index = 0
    private var line = 1
    private var column = 1

    init(_ text: UnsafeBufferPointer<UInt8>) {
        self.text = text
    }

    mutating func location(_ mark: yaml_mark_t) -> SourceLocation {
        location(ofCharacter: Int(clamping: mark.index))
    }

    mutating func location(ofCharacter target: Int) -> SourceLocation {
        if target < index {
            (byte, index, line, column) = (0, 0, 1, 1)
        }
        while index < target, byte < text.count {
            if text[byte] == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
            byte += 1
            while byte < text.count, text[byte] & 0xC0 == 0x80 { byte += 1 }
            index += 1
        }
        return SourceLocation(line: line, column: column)
    }

    /// The first byte of the character at the last location asked for.
    var byteThere: UInt8? {
        byte < text.count ? text[byte] : nil
    }
}
