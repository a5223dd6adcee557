import Foundation

/// Splits text into the terms the search index holds and a query looks up.
///
/// - Words of scripts that separate them with spaces: runs of letters, digits
///   and combining marks (Unicode categories L, N, M), folded to lower case
///   with accents dropped (`Café` → `cafe`). Apostrophes (' and ’) are
///   dropped (`don't` → `dont`); every other character ends a word. Words
///   longer than `maxWordLength` characters (hashes, base64) are left out.
/// - Chinese, Japanese and Korean (`isCJK`): each run becomes its overlapping
///   pairs of characters (`静态网站` → `静态`, `态网`, `网站`), so that any
///   two or more characters of the text find it; a run of one character is
///   a term of one character.
///
/// The search page's script splits a query by the same rules (`search.js`).
public enum SearchTokenizer {
    public static let maxWordLength = 64

    /// The terms of `text`, in order, repeats included.
    public static func terms(in text: String) -> [String] {
        var found: [String] = []
        forEachTerm(in: text) { found.append($0) }
        return found
    }

    /// Calls `body` with each term of `text`, in order.
    public static func forEachTerm(in text: String, _ body: (String) -> Void) {
        var text = text
        text.withUTF8 { forEachTerm(inUTF8: $0, body) }
    }

    /// The same over UTF-8 bytes; a byte that is not valid UTF-8 ends a word.
    public static func forEachTerm(inUTF8 bytes: UnsafeBufferPointer<UInt8>, _ body: (String) -> Void) {
        var state = State()
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
                state.flushRun(body)
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    state.word.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    state.word.append(byte | 0x20)
                case UInt8(ascii: "'"):
                    break  // dropped: don't → dont
                default:
                    state.flushWord(body)
                }
                continue
            }
            let (scalar, length) = decode(bytes, at: index)
            index += length
            guard let scalar else {
                state.flushAll(body)
                continue
            }
            if isCJK(scalar) {
                state.flushWord(body)
                state.run.append(scalar)
            } else if scalar == "\u{2019}" {
                state.flushRun(body)  // a typographic apostrophe is dropped too
            } else if isWordCharacter(scalar) {
                state.flushRun(body)
                state.word.append(contentsOf: String(scalar).utf8)
                state.wordIsASCII = false
            } else {
                state.flushAll(body)
            }
        }
        state.flushAll(body)
    }

    /// Han, kana and Hangul: the scripts written without spaces between words
    /// (Korean uses spaces, but pairs find its words' parts too).
    public static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3005...0x3007, 0x3041...0x3096, 0x309D...0x309F,
             0x30A1...0x30FA, 0x30FC...0x30FF, 0x3130...0x318F, 0x31F0...0x31FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFF66...0xFF9F,
             0x20000...0x3134F:
            true
        default:
            false
        }
    }

    /// Letters, digits and combining marks: what words are made of.
    public static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
            true
        default:
            false
        }
    }

    /// Lower case, accents dropped: what a word of any script is indexed as.
    public static func folded(_ word: String) -> String {
        let decomposed = word.lowercased().decomposedStringWithCanonicalMapping
        var scalars = String.UnicodeScalarView()
        for scalar in decomposed.unicodeScalars where scalar.properties.generalCategory != .nonspacingMark {
            scalars.append(scalar)
        }
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    private struct State {
        var word: [UInt8] = []
        var wordIsASCII = true
        var run: [Unicode.Scalar] = []

        mutating func flushAll(_ body: (String) -> Void) {
            flushWord(body)
            flushRun(body)
        }

        mutating func flushWord(_ body: (String) -> Void) {
            guard !word.isEmpty else { return }
            defer {
                word.removeAll(keepingCapacity: true)
                wordIsASCII = true
            }
            if wordIsASCII {
                if word.count <= SearchTokenizer.maxWordLength { body(String(decoding: word, as: UTF8.self)) }
                return
            }
            let term = SearchTokenizer.folded(String(decoding: word, as: UTF8.self))
            let length = term.unicodeScalars.count
            if length > 0, length <= SearchTokenizer.maxWordLength { body(term) }
        }

        mutating func flushRun(_ body: (String) -> Void) {
            guard !run.isEmpty else { return }
            defer { run.removeAll(keepingCapacity: true) }
            if run.count == 1 {
                body(String(run[0]))
                return
            }
            for index in 1..<run.count {
                var pair = String.UnicodeScalarView()
                pair.append(run[index - 1])
                pair.append(run[index])
                body(String(pair))
            }
        }
    }

    /// One scalar from valid UTF-8, or nil and one byte to skip.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar?, Int) {
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
        default: return (nil, 1)
        }
        guard index + length <= bytes.count else { return (nil, 1) }
        for offset in 1..<length {
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { return (nil, 1) }
            value = value << 6 | UInt32(next & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value), scalar.utf8.count == length else { return (nil, 1) }
        return (scalar, length)
    }
}
