/// A Markdown post file: a line `---`, the post's keys in YAML, another line
/// `---`, then the body, which goes to cmark as the bytes it is. A byte
/// order mark and CRLF line endings are accepted; lines count from the
/// opening `---`, which is line 1.
enum FrontMatter {
    /// The keys, and where the body starts in the file, in bytes.
    static func read(_ bytes: [UInt8]) throws(JSONSyntaxError) -> (keys: JSONNode, bodyOffset: Int) {
        var result: Result<(keys: JSONNode, bodyOffset: Int), JSONSyntaxError> = .failure(missing)
        bytes.withUnsafeBufferPointer { buffer in
            result = Result { () throws(JSONSyntaxError) in try read(buffer) }
        }
        return try result.get()
    }

    private static let missing = JSONSyntaxError(
        location: SourceLocation(line: 1, column: 1),
        message: "a Markdown post begins with front matter: a line '---', the post's keys (title: …, desc: …), "
            + "another line '---', then the body")

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> (keys: JSONNode, bodyOffset: Int) {
        if let offset = UTF8Validation.firstInvalidByte(in: bytes) {
            throw JSONSyntaxError(location: UTF8Validation.location(of: offset, in: bytes), message: "the file is not valid UTF-8")
        }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let opening = line(at: start, in: bytes)
        if isLine(opening.text, "+++", in: bytes) {
            throw JSONSyntaxError(location: SourceLocation(line: 1, column: 1),
                                  message: "'+++' opens TOML front matter; sitegen reads YAML front matter between two lines '---'")
        }
        guard isLine(opening.text, "---", in: bytes) else { throw missing }
        var next = opening.next
        while next < bytes.count {
            let candidate = line(at: next, in: bytes)
            if isLine(candidate.text, "---", in: bytes) {
                let keys = try YAMLReader.parse(UnsafeBufferPointer(rebasing: bytes[start..<next]))
                return (withKeysAtTheOpeningLine(keys), candidate.next)
            }
            next = candidate.next
        }
        throw JSONSyntaxError(location: SourceLocation(line: 1, column: 1),
                              message: "the front matter opened here is never closed; end it with a line '---' before the body")
    }

    /// Keys belong to the opening line, where a missing key is reported;
    /// an empty front matter has none.
    private static func withKeysAtTheOpeningLine(_ keys: JSONNode) -> JSONNode {
        let first = SourceLocation(line: 1, column: 1)
        switch keys.value {
        case .null: return JSONNode(value: .object([]), location: first, offset: 0)
        case .object: return JSONNode(value: keys.value, location: first, offset: 0)
        default: return keys
        }
    }

    /// The line starting at `start`, without its line break, and where the next one starts.
    private static func line(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (text: Range<Int>, next: Int) {
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return (start..<end, min(end + 1, bytes.count))
    }

    /// True when the line is `marker` (`---`, `+++`), perhaps followed by spaces, tabs or the CR of a CRLF.
    private static func isLine(_ range: Range<Int>, _ marker: String, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = marker.utf8.count
        guard range.count >= count, bytes[range.lowerBound..<(range.lowerBound + count)].elementsEqual(marker.utf8) else { return false }
        return bytes[(range.lowerBound + count)..<range.upperBound].allSatisfy {
            $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r")
        }
    }
}
