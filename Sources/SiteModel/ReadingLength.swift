/// How much prose a post holds, counted per script: CJK characters (Han,
/// Kana, Hangul) one by one, other text in words. Code blocks are not fed in.
/// Kept apart so that one Chinese word cannot turn an English post into a
/// "CJK" one, and an English identifier in Chinese text stays one word.
public struct ReadingLength: Sendable {
    /// Runs of letters and digits (with the punctuation inside them) between spaces and CJK characters.
    public private(set) var words: Int
    /// Han, Kana and Hangul characters.
    public private(set) var cjkCharacters: Int
    private var inWord = false

    public init(words: Int = 0, cjkCharacters: Int = 0) {
        self.words = words
        self.cjkCharacters = cjkCharacters
    }

    /// Reading speeds, per minute: about 230 words of English, 450 CJK characters.
    public static let wordsPerMinute = 230.0
    public static let cjkCharactersPerMinute = 450.0

    /// What a reader would call the length: words and CJK characters together.
    public var total: Int { words + cjkCharacters }

    /// Whole minutes, rounded to the nearest, at least 1.
    public var minutes: Int {
        let exact = Double(words) / Self.wordsPerMinute + Double(cjkCharacters) / Self.cjkCharactersPerMinute
        return max(1, Int(exact.rounded()))
    }

    /// Counts `text`; a word may continue from the previous call (`a*b*c`
    /// is one word) until `endWord` is called at a block or a line break.
    public mutating func add(_ text: UnsafeBufferPointer<UInt8>) {
        var index = 0
        let count = text.count
        while index < count {
            // ASCII runs are counted in locals and without branches on the
            // text (letters and spaces alternate too often to predict): the
            // byte's bit in a mask says whether it is a letter or digit, or a
            // space that ends a word; any other byte leaves the word as it is.
            var wordOpen = inWord ? 1 : 0
            var wordCount = words
            while index < count, text[index] < 0x80 {
                let byte = text[index]
                index += 1
                let bit = UInt64(byte & 63)
                let isWord = Int(truncatingIfNeeded: ((byte < 64 ? Self.wordBytesLow : Self.wordBytesHigh) >> bit) & 1)
                let isSpace = Int(truncatingIfNeeded: ((byte < 64 ? Self.spaceBytes : 0) >> bit) & 1)
                wordCount += isWord & (wordOpen ^ 1)
                wordOpen = isWord | (wordOpen & (isSpace ^ 1))
            }
            inWord = wordOpen == 1
            words = wordCount
            guard index < count else { return }
            let (scalar, length) = Self.decode(text, at: index)
            index += length
            if Self.isCJK(scalar) {
                inWord = false
                cjkCharacters += 1
            } else if scalar.properties.isWhitespace || Self.isCJKPunctuation(scalar) {
                inWord = false
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                startWord()
            }
        }
    }

    public mutating func add(_ text: String) {
        var copy = text
        copy.withUTF8 { add($0) }
    }

    /// ASCII letters and digits: bytes 0–63 (`0`–`9`) and 64–127 (`A`–`Z`, `a`–`z`), one bit each.
    private static let wordBytesLow: UInt64 = 0x03FF_0000_0000_0000
    private static let wordBytesHigh: UInt64 = 0x07FF_FFFE_07FF_FFFE
    /// Tab, line feed, vertical tab, form feed, carriage return and space.
    private static let spaceBytes: UInt64 = 1 << 0x20 | 0x3E00

    /// Ends the current word: the text that follows starts a new one.
    public mutating func endWord() {
        inWord = false
    }

    private mutating func startWord() {
        if !inWord {
            inWord = true
            words += 1
        }
    }

    /// Han (with its extensions and compatibility block), Hiragana, Katakana and Hangul.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: true
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: true
        case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: true
        default: false
        }
    }

    /// Ideographic space and punctuation, and full-width forms: they end a word as a space does.
    private static func isCJKPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        (0x3000...0x303F).contains(scalar.value) || (0xFF00...0xFF65).contains(scalar.value)
    }

    /// The scalar starting at `index` of valid UTF-8, and its length in bytes.
    private static func decode(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(text[index])
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard index + length <= text.count else { return ("\u{FFFD}", text.count - index) }
        var value = lead & (0xFF >> (length + 1))
        for offset in 1..<length { value = value << 6 | UInt32(text[index + offset] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }
}

/// Equal when the counts are: whether a word was open when counting stopped does not matter.
extension ReadingLength: Hashable {
    public static func == (lhs: ReadingLength, rhs: ReadingLength) -> Bool {
        lhs.words == rhs.words && lhs.cjkCharacters == rhs.cjkCharacters
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(words)
        hasher.combine(cjkCharacters)
    }
}
