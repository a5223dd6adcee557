import Mustache
import Testing

/// Escaping looks at eight bytes at a time: every special byte is escaped
/// wherever it falls in a word, in the short end after the last whole word,
/// in runs, and next to characters of several bytes that straddle words.
@Suite("Escaping")
struct EscapingTests {
    /// What the escaping must give, one character at a time.
    private static func expected(_ text: String) -> String {
        text.map { character -> String in
            switch character {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            default: String(character)
            }
        }.joined()
    }

    private static let library = try? TemplateLibrary(templates: ["page": "{{text}}"])

    private static func rendered(_ value: MustacheValue) -> String? {
        library?.render("page", ["text": value])
    }

    @Test func eachSpecialByteAtEachPlaceOfEachLength() {
        for filler in ["x", "é", "视", "🎉"] {
            for length in 0..<20 {
                for place in 0...length {
                    for special in ["&", "<", ">", "\"", "'", "<>&'\""] {
                        var characters = Array(repeating: filler, count: length)
                        characters.insert(special, at: place)
                        let text = characters.joined()
                        #expect(Self.rendered(.string(text)) == Self.expected(text), "\(text)")
                        #expect(Self.rendered(.utf8(Array(text.utf8))) == Self.expected(text), "\(text)")
                    }
                }
            }
        }
    }

    /// Random texts as dense in markup as an HTML body in a feed, or as sparse as prose.
    @Test func randomTextsOfEveryDensity() {
        var state: UInt64 = 0xE5CA9E
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        let specials = ["&", "<", ">", "\"", "'"]
        let others = ["a", " ", "é", "€", "🎉", "\u{0}", "\u{7F}", "=", "?", "%", "$"]
        for density in [1, 2, 5, 40] {
            for _ in 0..<300 {
                let text = (0..<next(90)).map { _ in next(density) == 0 ? specials[next(5)] : others[next(others.count)] }.joined()
                #expect(Self.rendered(.string(text)) == Self.expected(text), "\(text)")
            }
        }
    }

    @Test func textWithNothingToEscapeIsCopiedAsItIs() {
        let text = String(repeating: "Plain words, ünïcödé and 中文 and more; ", count: 50)
        #expect(Self.rendered(.string(text)) == text)
        #expect(Self.rendered(.string("")) == "")
    }
}
