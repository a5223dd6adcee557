/// libFuzzer target for the highlighter and the HTML of code blocks: the
/// first byte picks the language, the second the line options, the rest is
/// the code. The tokens must be ordered and inside the code; the HTML must
/// be spans only, balanced, with every `& < > "` escaped, and give back
/// the code exactly once the tags are removed and the entities decoded.
/// Built by fuzz/run.sh from Sources/Highlight (as a module) and the code
/// block files of Sources/SitePresentation.
import Highlight

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count >= 2 else { return 0 }
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let language = Language.allCases[Int(bytes[0]) % Language.allCases.count]
    let code = Array(bytes[2...])
    let tokens = Highlighter.tokens(in: code, language: language)
    var position = 0
    for token in tokens {
        guard token.start >= position, token.end > token.start, token.end <= code.count else {
            fatalError("bad token \(token) after \(position) in \(code.count) bytes")
        }
        position = token.end
    }
    let options = ["", " linenos", " {1,3-4}", " linenos {2}"][Int(bytes[1]) % 4]
    let info = CodeBlockInfo(language.names[Int(bytes[1] / 4) % language.names.count] + options)
    let html = code.withUnsafeBufferPointer { CodeBlockHTML.render($0, info: info, lineNumbers: false) }
    checkHTML(html, gives: code)
    return 0
}

/// Walks the HTML: tags must be the block's own, spans balanced, and the
/// text between them, unescaped, the code itself.
private func checkHTML(_ html: [UInt8], gives code: [UInt8]) {
    var text: [UInt8] = []
    var depth = 0
    var index = 0
    let entities: [(String, UInt8)] = [("&amp;", 0x26), ("&lt;", 0x3C), ("&gt;", 0x3E), ("&quot;", 0x22)]
    while index < html.count {
        let byte = html[index]
        if byte == 0x3C {
            guard let end = html[index...].firstIndex(of: 0x3E) else { fatalError("unclosed tag") }
            let tag = String(decoding: html[index...end], as: UTF8.self)
            if tag.hasPrefix("<span class=\"hl-") {
                depth += 1
            } else if tag == "</span>" {
                depth -= 1
                if depth < 0 { fatalError("</span> without <span>") }
            } else if !(tag.hasPrefix("<pre") || tag.hasPrefix("<code") || tag == "</code>" || tag == "</pre>") {
                fatalError("unexpected tag \(tag)")
            }
            index = end + 1
        } else if byte == 0x26 {
            guard let (name, value) = entities.first(where: { html[index...].starts(with: $0.0.utf8) }) else {
                fatalError("unescaped & at \(index)")
            }
            text.append(value)
            index += name.utf8.count
        } else {
            if byte == 0x3E || byte == 0x22 { fatalError("unescaped \(byte) at \(index)") }
            text.append(byte)
            index += 1
        }
    }
    if depth != 0 { fatalError("\(depth) spans left open") }
    if html.last != 0x0A { fatalError("no newline after </pre>") }
    text.removeLast()
    if text != code { fatalError("the HTML's text is not the code") }
}
