extension TemplateLibrary {
    /// The text of a template file, or an error at the first byte that is not
    /// UTF-8, located like a syntax error so the editor can jump to it.
    public static func text(ofFile bytes: [UInt8], name: String) throws(MustacheError) -> String {
        if let text = String(validating: bytes, as: UTF8.self) {
            return text
        }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while case .valid(let encoded) = parser.parseScalar(from: &iterator) {
            offset += encoded.count
        }
        throw Source(name: name, bytes: bytes).error("the file is not valid UTF-8", at: offset)
    }
}
