import CYAML

/// libyaml's problems, said as what to change, at the place to change it:
/// an unclosed quote or bracket is reported where it opens, not at the end
/// of the front matter where libyaml noticed.
enum YAMLMessages {
    static func failure(of parser: yaml_parser_t, in text: UnsafeBufferPointer<UInt8>, marks: inout YAMLMarks) -> JSONSyntaxError {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        let context = parser.context.map { String(cString: $0) }
        let contextAt = marks.location(parser.context_mark)
        let problemAt = marks.location(parser.problem_mark)
        let problemCharacter = marks.byteThere
        if parser.error == YAML_READER_ERROR {
            // A reader error has only a byte offset (the text is UTF-8 already, so this is a control character).
            let at = UTF8Validation.location(of: min(parser.problem_offset, text.count), in: text)
            return JSONSyntaxError(location: at, message: "the front matter holds a control character (\(codePoint(parser.problem_value))); "
                                   + "remove it")
        }
        switch problem {
        case "mapping values are not allowed in this context":
            return JSONSyntaxError(location: problemAt, message: "a ': ' here would start a key, which cannot be inside a value; "
                                   + "put the value in quotes, or indent this line like the keys above it")
        case "found unexpected end of stream" where context == "while scanning a quoted scalar":
            return JSONSyntaxError(location: contextAt, message: "the quoted value that starts here is never closed; add the closing quote")
        case "did not find expected ',' or ']'":
            return JSONSyntaxError(location: contextAt, message: "the list opened here with '[' is never closed; add ']', "
                                   + "or a ',' between its items")
        case "did not find expected ',' or '}'":
            return JSONSyntaxError(location: contextAt, message: "the mapping opened here with '{' is never closed; add '}', "
                                   + "or a ',' between its entries")
        case "found a tab character where an indentation space is expected", "found a tab character that violates indentation":
            return tab(at: problemAt)
        case "found character that cannot start any token":
            if problemCharacter == UInt8(ascii: "\t") { return tab(at: problemAt) }
            return JSONSyntaxError(location: problemAt, message: "a value cannot start with this character in YAML; put the value in quotes")
        case "did not find expected key", "did not find expected <document start>", "did not find expected '-' indicator":
            return JSONSyntaxError(location: problemAt, message: "this line is indented differently from the lines above it; "
                                   + "keys of one mapping, and items of one list, start in the same column")
        default:
            let detail = context.map { " (\($0))" } ?? ""
            return JSONSyntaxError(location: problemAt, message: "the front matter is not valid YAML: \(problem)\(detail)")
        }
    }

    private static func tab(at location: SourceLocation) -> JSONSyntaxError {
        JSONSyntaxError(location: location, message: "YAML is indented with spaces, not tabs; replace the tab with spaces")
    }

    private static func codePoint(_ value: Int32) -> String {
        let hex = String(UInt32(bitPattern: value), radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
