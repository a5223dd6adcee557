/// A template's UTF-8 bytes and its name. Every compile pass works on byte
/// offsets into `bytes`; only an error turns an offset into a line and column.
struct Source {
    let name: String
    let bytes: [UInt8]

    init(name: String, text: String) {
        self.init(name: name, bytes: Array(text.utf8))
    }

    init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    /// An error located at `offset`, counting columns in Unicode scalars (bytes
    /// that are not UTF-8 continuation bytes).
    func error(_ message: String, at offset: Int) -> MustacheError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == ASCII.newline {
                line += 1
                column = 1
            } else if byte & 0b1100_0000 != 0b1000_0000 {
                column += 1
            }
        }
        return MustacheError(templateName: name, line: line, column: column, message: message)
    }
}
