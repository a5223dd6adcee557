import SiteModel
import Testing

@Suite("JSON parser")
struct JSONParserTests {
    private func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try JSONParser.parse(Array(text.utf8))
    }

    private func failure(_ text: String) -> JSONSyntaxError? {
        failure(Array(text.utf8))
    }

    private func failure(_ bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// Where the parser reports that `bytes` are not UTF-8; nil for any other outcome.
    private func utf8Failure(_ bytes: [UInt8]) -> SiteModel.SourceLocation? {
        guard let error = failure(bytes), error.message == "the file is not valid UTF-8" else { return nil }
        return error.location
    }

    @Test func readsAnObjectInFileOrderWithLocations() throws {
        let node = try parse("{\n  \"title\": \"Hi\",\n  \"n\": [1, 2.5, true, null]\n}")
        guard case .object(let members) = node.value else {
            Issue.record("expected an object")
            return
        }
        #expect(members.map(\.key) == ["title", "n"])
        #expect(members[0].keyLocation == SiteModel.SourceLocation(line: 2, column: 3))
        #expect(members[1].value.location == SiteModel.SourceLocation(line: 3, column: 8))
        guard case .string(let title) = members[0].value.value else {
            Issue.record("expected a string")
            return
        }
        #expect(title == "Hi")
    }

    @Test func pointsAtAMissingComma() {
        let error = failure("{\n  \"a\": 1\n  \"b\": 2\n}")
        #expect(error?.location == SiteModel.SourceLocation(line: 3, column: 3))
        #expect(error?.message == "expected ',' or '}' after a member")
    }

    @Test func pointsAtAnUnterminatedString() {
        let error = failure("{\"title\": \"never closed")
        #expect(error?.message == "unexpected end of file inside a string")
    }

    @Test func countsColumnsInCharactersNotBytes() {
        let error = failure("{\"emoji\": \"🎉🎉\" x}")
        #expect(error?.location == SiteModel.SourceLocation(line: 1, column: 16))
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let node = try parse(#"["a\"b\\c\/d\n", "\u00e9\ud83c\udf89"]"#)
        guard case .array(let items) = node.value, items.count == 2,
              case .string(let first) = items[0].value, case .string(let second) = items[1].value else {
            Issue.record("expected two strings")
            return
        }
        #expect(first == "a\"b\\c/d\n")
        #expect(second == "é🎉")
    }

    /// A post's body is read again from its file by where its string starts.
    @Test func readsAStringBackFromWhereItStarts() throws {
        let bytes = Array("\u{FEFF}{\"a\": \"plain\",\n \"b\": [\"tab\\there \\u00e9\\ud83c\\udf89\"], \"c\": 1}".utf8)
        let node = try JSONParser.parse(bytes)
        guard case .object(let members) = node.value, case .array(let items) = members[1].value.value else {
            Issue.record("expected an object holding an array")
            return
        }
        #expect(try JSONParser.text(at: members[0].value.offset, in: bytes) == Array("plain".utf8))
        #expect(try JSONParser.text(at: items[0].offset, in: bytes) == Array("tab\there é🎉".utf8))
        #expect(throws: JSONSyntaxError.self) { try JSONParser.text(at: members[2].value.offset, in: bytes) }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.text(at: bytes.count, in: bytes) }
    }

    @Test func refusesDuplicateKeys() {
        #expect(failure(#"{"title": "a", "title": "b"}"#)?.message == "duplicate key 'title'")
    }

    @Test func refusesNestingDeeperThanTheLimit() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(failure(deep)?.message == "values are nested more than \(JSONParser.maximumDepth) deep")
    }

    @Test func pointsAtTheFirstByteThatIsNotUTF8() {
        let latin1: [UInt8] = Array("{\n  \"title\": \"Caf".utf8) + [0xE9] + Array("\"\n}".utf8)
        #expect(utf8Failure(latin1) == SiteModel.SourceLocation(line: 2, column: 16))
        let afterEmoji: [UInt8] = Array("[\"🎉".utf8) + [0xFF] + Array("\"]".utf8)
        #expect(utf8Failure(afterEmoji) == SiteModel.SourceLocation(line: 1, column: 4))
    }

    /// The encoding is checked before the syntax, so a broken byte is named
    /// as such even far below the first syntax error.
    @Test func checksTheWholeFileForUTF8First() {
        let bytes: [UInt8] = Array("{ oops\n\n\n  ".utf8) + [0x80] + Array("\n}".utf8)
        #expect(utf8Failure(bytes) == SiteModel.SourceLocation(line: 4, column: 3))
    }

    @Test(arguments: [
        [0xC0, 0xAF],              // overlong '/'
        [0xED, 0xA0, 0x80],        // an encoded surrogate
        [0xF4, 0x90, 0x80, 0x80],  // beyond U+10FFFF
        [0xE2, 0x82],              // cut short at the end of the file
    ] as [[UInt8]])
    func refusesIllFormedSequences(sequence: [UInt8]) {
        #expect(utf8Failure(Array("[\"ab".utf8) + sequence) == SiteModel.SourceLocation(line: 1, column: 5))
    }

    /// Thousands of byte strings, mostly ASCII with bytes of every kind mixed
    /// in: the parser calls a string UTF-8 exactly when the standard library
    /// does, and points at the sequence where the standard library's decoder stops.
    @Test func agreesWithTheStandardLibraryOnWhatIsUTF8() {
        var state: UInt64 = 0x5EED
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let pieces: [[UInt8]] = [[0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x8E, 0x89], [0xED, 0x9F, 0xBF], [0xEF, 0xBF, 0xBF],
                                 [0xF4, 0x8F, 0xBF, 0xBF], [0x80], [0xBF], [0xC0], [0xC1], [0xE0, 0x9F], [0xF5], [0xFF], [0xF0, 0x8F]]
        for _ in 0..<5_000 {
            var text: [UInt8] = []
            for _ in 0..<Int(next() % 40) {
                if next() % 6 == 0 {
                    text += pieces[Int(next() % UInt64(pieces.count))]
                } else {
                    text.append(UInt8(ascii: "a") + UInt8(next() % 26))
                }
            }
            let found = utf8Failure(Array("[\"".utf8) + text + Array("\"]".utf8))
            guard String(validating: text, as: UTF8.self) == nil else {
                #expect(found == nil, "valid UTF-8 refused: \(text)")
                continue
            }
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = text.makeIterator()
            var goodBytes = 0
            while case .valid(let scalar) = parser.parseScalar(from: &iterator) { goodBytes += scalar.count }
            let column = 3 + String(decoding: text[..<goodBytes], as: UTF8.self).unicodeScalars.count
            #expect(found == SiteModel.SourceLocation(line: 1, column: column), "\(text)")
        }
    }

    @Test func acceptsAByteOrderMarkAndCountsColumnsAfterIt() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{\"a\": x}".utf8)
        #expect(failure(bytes)?.location == SiteModel.SourceLocation(line: 1, column: 7))
        #expect(utf8Failure([0xEF, 0xBB, 0xBF] + Array("[\"".utf8) + [0xFF]) == SiteModel.SourceLocation(line: 1, column: 3))
    }

    @Test func namesACharacterThatCannotStartAValue() {
        #expect(failure("{\"a\": \u{A0}1}")?.message == "unexpected '\u{A0}' (U+00A0); expected a value")
        #expect(failure("[\u{01}]")?.message == "unexpected control character U+0001; expected a value")
    }

    /// What JavaScript allows and JSON does not gets a message that says so.
    @Test func explainsWhatJSONLacks() {
        #expect(failure("{\n  // note\n  \"a\": 1\n}")?.message == "JSON has no comments; remove it")
        #expect(failure("[1, /* two */ 2]")?.message == "JSON has no comments; remove it")
        #expect(failure("{'a': 1}")?.message == "JSON strings and keys take double quotes, not single ones")
        let unclosed = failure("{\"title\": \"Hello,\n\"desc\": \"d\"}")
        #expect(unclosed?.message == "a string cannot run across lines; write a line break as '\\n', or add the missing closing '\"'")
        #expect(unclosed?.location == SiteModel.SourceLocation(line: 1, column: 18))
        #expect(failure(#"["C:\Users"]"#)?.message == #"invalid escape '\U' in a string; write a backslash as '\\'"#)
    }

    @Test func pointsAtATrailingComma() {
        let object = failure("{\n  \"a\": 1,\n}")
        #expect(object?.location == SiteModel.SourceLocation(line: 2, column: 9))
        #expect(object?.message == "a comma before '}' is not allowed in JSON; remove it")
        #expect(failure("[1, 2, ]")?.message == "a comma before ']' is not allowed in JSON; remove it")
    }

    @Test func refusesRawControlCharactersAndTrailingGarbage() {
        #expect(failure("[\"a\u{01}\"]")?.message == "control character U+0001 must be escaped in a string")
        #expect(failure("{} {}")?.message == "unexpected '{' after the JSON value")
        #expect(failure("")?.message == "the file is empty; expected a JSON object")
    }

    @Test func readsNumbersStrictly() throws {
        #expect(failure("[01]") != nil)
        #expect(failure("[1.]") != nil)
        guard case .array(let items) = try parse("[-0.5e2, 20]").value, case .number(let value) = items[0].value else {
            Issue.record("expected numbers")
            return
        }
        #expect(value == -50)
    }

    /// Strings are scanned eight bytes at a time: an escape, a closing quote
    /// or a control character is found at every place of a word, also in
    /// the few bytes after the last whole word, and after characters of
    /// several bytes that straddle two words.
    @Test func findsEscapesAndEndsAtEveryPlaceOfAWord() throws {
        let escapes: [(written: String, decoded: String)] = [(#"\n"#, "\n"), (#"\""#, "\""), (#"\\"#, "\\"), (#"\u00e9"#, "é"),
                                                             (#"\ud83c\udf89"#, "🎉"), ("", "")]
        for filler in ["x", "é", "视"] {
            for before in 0..<12 {
                for after in 0..<10 {
                    for escape in escapes {
                        let head = String(repeating: filler, count: before)
                        let tail = String(repeating: "y", count: after)
                        let bytes = Array("[\"\(head)\(escape.written)\(tail)\"]".utf8)
                        guard case .array(let items) = try JSONParser.parse(bytes).value, case .string(let text) = items[0].value else {
                            Issue.record("expected a string")
                            return
                        }
                        #expect(text.string == head + escape.decoded + tail)
                        #expect(try JSONParser.text(at: 1, in: bytes) == Array((head + escape.decoded + tail).utf8))
                    }
                    let control = failure("[\"\(String(repeating: filler, count: before))\u{1F}\(String(repeating: "y", count: after))\"]")
                    #expect(control?.location == SiteModel.SourceLocation(line: 1, column: before + 3))
                    #expect(control?.message == "control character U+001F must be escaped in a string")
                }
                let unclosed = failure("[\"\(String(repeating: filler, count: before))")
                #expect(unclosed?.message == "unexpected end of file inside a string")
                #expect(unclosed?.location == SiteModel.SourceLocation(line: 1, column: before + 3))
                let cutEscape = failure("[\"\(String(repeating: filler, count: before))\\")
                #expect(cutEscape?.message == "unexpected end of file inside a string")
            }
        }
    }
}
