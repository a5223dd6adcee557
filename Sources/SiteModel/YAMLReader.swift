import CYAML

/// Reads YAML front matter into the node tree the JSON parser makes, so a
/// post's keys are checked by one reader whatever its format. YAML 1.2
/// rules: only `true`/`false` are booleans, `null`/`~`/nothing is null, and
/// every other scalar is text (`title: 2024` is the title "2024", `010` is
/// never octal), which is what every post key asks for.
///
/// Anchors, aliases and tags are refused (no "billion laughs"), and so is
/// nesting deeper than `maximumDepth`, before libyaml reads any further.
enum YAMLReader {
    /// A post's deepest value is a list inside the top mapping: two levels.
    static let maximumDepth = 8

    /// Parses `text`, the front matter from its opening `---` line to the end
    /// of the line before the closing one (no byte order mark). Locations
    /// count lines from that opening line and columns in Unicode scalars.
    static func parse(_ text: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONNode {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        defer {
            parser.deallocate()
            event.deallocate()
        }
        // libyaml keeps pointers into the parser, so it lives at one heap address.
        guard yaml_parser_initialize(parser) != 0 else {
            throw JSONSyntaxError(location: SourceLocation(line: 1, column: 1), message: "out of memory reading the front matter")
        }
        defer { yaml_parser_delete(parser) }
        if let base = text.baseAddress {
            yaml_parser_set_input_string(parser, base, text.count)
        } else {
            yaml_parser_set_input_string(parser, "", 0)
        }
        var builder = TreeBuilder(marks: YAMLMarks(text))
        while true {
            guard yaml_parser_parse(parser, event) != 0 else {
                var marks = YAMLMarks(text)
                throw YAMLMessages.failure(of: parser.pointee, in: text, marks: &marks)
            }
            defer { yaml_event_delete(event) }
            if event.pointee.type == YAML_STREAM_END_EVENT { break }
            try builder.take(event.pointee)
        }
        return builder.root ?? JSONNode(value: .null, location: SourceLocation(line: 1, column: 1), offset: 0)
    }

    /// Turns events into nodes with a stack of the collections still open.
    private struct TreeBuilder {
        private enum Open {
            case sequence([JSONNode], SourceLocation)
            case mapping([JSONNode.Member], key: (text: String, location: SourceLocation)?,
                         seen: [String: SourceLocation], SourceLocation)
        }

        private var marks: YAMLMarks
        private var stack: [Open] = []
        private(set) var root: JSONNode?
        private var documents = 0

        init(marks: YAMLMarks) {
            self.marks = marks
        }

        mutating func take(_ event: yaml_event_t) throws(JSONSyntaxError) {
            let location = marks.location(event.start_mark)
            switch event.type {
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 {
                    throw JSONSyntaxError(location: location, message: "the front matter holds a second YAML document; "
                                          + "remove the '...' line or what follows it")
                }
            case YAML_ALIAS_EVENT:
                throw JSONSyntaxError(location: location, message: "aliases (*name) are not allowed in front matter; write the value out")
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                try refuse(anchor: scalar.anchor, tag: scalar.tag, at: location)
                let bytes = scalar.value.map { Array(UnsafeBufferPointer(start: $0, count: scalar.length)) } ?? []
                let plain = scalar.style == YAML_PLAIN_SCALAR_STYLE
                try add(JSONNode(value: plain ? Self.plainValue(bytes) : .string(JSONText(utf8: bytes)), location: location, offset: 0))
            case YAML_SEQUENCE_START_EVENT:
                try refuse(anchor: event.data.sequence_start.anchor, tag: event.data.sequence_start.tag, at: location)
                try open(.sequence([], location), at: location)
            case YAML_MAPPING_START_EVENT:
                try refuse(anchor: event.data.mapping_start.anchor, tag: event.data.mapping_start.tag, at: location)
                try open(.mapping([], key: nil, seen: [:], location), at: location)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                switch stack.popLast() {
                case .sequence(let items, let start)?:
                    try add(JSONNode(value: .array(items), location: start, offset: 0))
                case .mapping(let members, _, _, let start)?:
                    try add(JSONNode(value: .object(members), location: start, offset: 0))
                case nil:
                    break
                }
            default:
                break
            }
        }

        private mutating func open(_ collection: Open, at location: SourceLocation) throws(JSONSyntaxError) {
            if case .mapping(_, nil, _, _)? = stack.last {
                throw JSONSyntaxError(location: location, message: "a key must be a plain word, not a list or a mapping")
            }
            guard stack.count < YAMLReader.maximumDepth else {
                throw JSONSyntaxError(location: location, message: "the front matter is nested deeper than \(YAMLReader.maximumDepth) levels")
            }
            stack.append(collection)
        }

        /// Puts a finished node where it belongs: the root, a list's next
        /// item, a mapping's next key, or the value of the key before it.
        private mutating func add(_ node: JSONNode) throws(JSONSyntaxError) {
            guard let top = stack.popLast() else {
                root = node
                return
            }
            switch top {
            case .sequence(var items, let start):
                items.append(node)
                stack.append(.sequence(items, start))
            case .mapping(var members, let key?, let seen, let start):
                members.append(JSONNode.Member(key: key.text, keyLocation: key.location, value: node))
                stack.append(.mapping(members, key: nil, seen: seen, start))
            case .mapping(let members, nil, var seen, let start):
                // A key is a scalar (`open` refused a collection there): `true:` is the key "true", `~:` the key "".
                let text: String
                switch node.value {
                case .string(let key): text = key.string
                case .bool(let flag): text = flag ? "true" : "false"
                default: text = ""
                }
                if let first = seen[text] {
                    throw JSONSyntaxError(location: node.location, message: "duplicate key '\(text)'; it is already set at line \(first.line)")
                }
                seen[text] = node.location
                stack.append(.mapping(members, key: (text, node.location), seen: seen, start))
            }
        }

        private func refuse(anchor: UnsafeMutablePointer<yaml_char_t>?, tag: UnsafeMutablePointer<yaml_char_t>?,
                            at location: SourceLocation) throws(JSONSyntaxError) {
            if let anchor {
                throw JSONSyntaxError(location: location, message: "anchors (&\(String(cString: anchor))) are not allowed in front matter; "
                                      + "write each value out")
            }
            if let tag {
                throw JSONSyntaxError(location: location, message: "YAML tags (\(String(cString: tag))) are not allowed in front matter; "
                                      + "put a value in quotes to make it text")
            }
        }

        /// YAML 1.2's core schema for an unquoted scalar, except that a
        /// number stays text: no post key takes a number.
        private static func plainValue(_ bytes: [UInt8]) -> JSONNode.Value {
            switch String(decoding: bytes, as: UTF8.self) {
            case "true", "True", "TRUE": .bool(true)
            case "false", "False", "FALSE": .bool(false)
            case "", "~", "null", "Null", "NULL": .null
            default: .string(JSONText(utf8: bytes))
            }
        }
    }
}
