import Foundation

/// Start tags of an HTML document with their attributes, decoded: enough to
/// check a page's metadata as a crawler reads it, where Foundation's
/// XMLParser cannot read HTML5. Comments are skipped; script and style
/// contents are kept whole as the text after their start tag.
public struct HTMLTag: Equatable {
    public let name: String
    public let attributes: [String: String]
    /// For `script`: its content up to `</script>`.
    public let text: String

    public static func all(in html: String) -> [HTMLTag] {
        var tags: [HTMLTag] = []
        let characters = Array(html.unicodeScalars)
        var index = 0
        func skipSpace() { while index < characters.count, characters[index].properties.isWhitespace { index += 1 } }
        while index < characters.count {
            guard characters[index] == "<" else { index += 1; continue }
            if starts("<!--", characters, at: index) {
                index = find("-->", characters, from: index).map { $0 + 3 } ?? characters.count
                continue
            }
            index += 1
            guard index < characters.count, characters[index].properties.isAlphabetic else { continue }
            var name = ""
            while index < characters.count, !characters[index].properties.isWhitespace, characters[index] != ">",
                  characters[index] != "/" {
                name.unicodeScalars.append(characters[index])
                index += 1
            }
            var attributes: [String: String] = [:]
            while index < characters.count {
                skipSpace()
                if index >= characters.count || characters[index] == ">" { index += 1; break }
                if characters[index] == "/" { index += 1; continue }
                var key = ""
                while index < characters.count, !characters[index].properties.isWhitespace,
                      !["=", ">", "/"].contains(characters[index]) {
                    key.unicodeScalars.append(characters[index])
                    index += 1
                }
                skipSpace()
                var value = ""
                if index < characters.count, characters[index] == "=" {
                    index += 1
                    skipSpace()
                    if index < characters.count, characters[index] == "\"" || characters[index] == "'" {
                        let quote = characters[index]
                        index += 1
                        while index < characters.count, characters[index] != quote {
                            value.unicodeScalars.append(characters[index])
                            index += 1
                        }
                        index += 1
                    } else {
                        while index < characters.count, !characters[index].properties.isWhitespace, characters[index] != ">" {
                            value.unicodeScalars.append(characters[index])
                            index += 1
                        }
                    }
                }
                attributes[key.lowercased()] = decode(value)
            }
            var text = ""
            if name.lowercased() == "script", let end = find("</script", characters, from: index) {
                text = String(String.UnicodeScalarView(characters[index..<end]))
                index = end
            }
            tags.append(HTMLTag(name: name.lowercased(), attributes: attributes, text: text))
        }
        return tags
    }

    /// The `content` of `<meta property=…>` or `<meta name=…>`, every one in order.
    public static func meta(_ key: String, in tags: [HTMLTag]) -> [String] {
        tags.filter { $0.name == "meta" && ($0.attributes["property"] == key || $0.attributes["name"] == key) }
            .compactMap { $0.attributes["content"] }
    }

    private static func starts(_ prefix: String, _ characters: [Unicode.Scalar], at index: Int) -> Bool {
        let wanted = Array(prefix.unicodeScalars)
        return index + wanted.count <= characters.count && Array(characters[index..<index + wanted.count]) == wanted
    }

    private static func find(_ needle: String, _ characters: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        while index < characters.count {
            if starts(needle, characters, at: index) { return index }
            index += 1
        }
        return nil
    }

    private static func decode(_ value: String) -> String {
        value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
