import SiteModel
import Testing

@Suite("JSON parser")
struct JSONParserTests {
    private func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try JSONParser.parse(Array(text.utf8))
    }

    private func failure(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsAnObjectInFileOrderWithLocations() throws {
        let node = try parse("{\n  \"title\": \"Hi\",\n  \"n\": [1, 2.5, true, null]\n}")
        guard case .object(let members) = node.value else {
            Issue.record("expected an object")
            return
        }
        #expect(members.map(\.key) == ["title", "n"])
        #expect(members[0].keyLocation == SourceLocation(line: 2, column: 3))
        #expect(members[1].value.location == SourceLocation(line: 3, column: 8))
        guard case .string(let title) = members[0].value.value else {
            Issue.record("expected a string")
            return
        }
        #expect(title == "Hi")
    }

    @Test func pointsAtAMissingComma() {
        let error = failure("{\n  \"a\": 1\n  \"b\": 2\n}")
        #expect(error?.location == SourceLocation(line: 3, column: 3))
        #expect(error?.message == "expected ',' or '}' after a member")
    }

    @Test func pointsAtAnUnterminatedString() {
        let error = failure("{\"title\": \"never closed")
        #expect(error?.message == "unexpected end of file inside a string")
    }

    @Test func countsColumnsInCharactersNotBytes() {
        let error = failure("{\"emoji\": \"🎉🎉\" x}")
        #expect(error?.location == SourceLocation(line: 1, column: 16))
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

    @Test func refusesDuplicateKeys() {
        #expect(failure(#"{"title": "a", "title": "b"}"#)?.message == "duplicate key 'title'")
    }

    @Test func refusesNestingDeeperThanTheLimit() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(failure(deep)?.message == "values are nested more than \(JSONParser.maximumDepth) deep")
    }

    @Test func refusesInvalidUTF8InStrings() {
        let bytes: [UInt8] = Array("{\"t\": \"".utf8) + [0xFF, 0xFE] + Array("\"}".utf8)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(bytes) }
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
}
