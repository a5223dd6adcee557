import ByteScan

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
    /// Prose is mostly ASCII, counted eight bytes at a time; a character
    /// beyond ASCII is looked up on its own.
    public mutating func add(_ text: UnsafeBufferPointer<UInt8>) {
        guard let base = text.baseAddress else { return }
        // The counts stay in registers while the ASCII words are counted: kept
        // in `self`, they were stored to memory for every eight bytes.
        var started = 0
        var open = inWord
        var index = 0
        while index < text.count {
            // The end of the text is padded with zero bytes, which leave a word as it is.
            let word = index + 8 <= text.count ? ByteWord(loadingFrom: base + index) : text.lastWord(from: index)
            let nonASCII = word.nonASCII
            guard !nonASCII.isEmpty else {
                started &+= Self.wordStarts(in: word, inWord: &open)
                index += 8
                continue
            }
            let ascii = nonASCII.first
            started &+= Self.wordStarts(in: ByteWord(word.bits & ((1 << (8 * ascii)) - 1)), inWord: &open)
            words += started
            started = 0
            inWord = open
            index = addCharacter(text, at: index + ascii)
            open = inWord
        }
        words += started
        inWord = open
    }

    public mutating func add(_ text: String) {
        var copy = text
        copy.withUTF8 { add($0) }
    }

    /// The words that start in eight ASCII bytes. A byte is inside a
    /// word when it is a letter or digit, or when it is not a space and the
    /// byte before it is inside one (`*` and `-` leave a word open). That
    /// "before" is the carry of an addition: letters and digits make a carry,
    /// other bytes but spaces pass it on, and spaces stop it. Each byte is
    /// 0xFF or 0 in both terms, so a carry crosses a byte to the next whole.
    @inline(__always)
    private static func wordStarts(in word: ByteWord, inWord: inout Bool) -> Int {
        let wordBytes = (word.settingBits(0x20).within(0x61...0x7A) | word.within(0x30...0x39)).wholeBytes
        let notSpaces = ~(word.within(0x09...0x0D) | word.matching(0x20)).wholeBytes
        let (partial, carriedOut) = notSpaces.addingReportingOverflow(wordBytes)
        let (sum, carriedOutOfCarry) = partial.addingReportingOverflow(inWord ? 1 : 0)
        // The carry into each byte's lowest bit: whether the byte before it was inside a word.
        let insideBefore = notSpaces ^ wordBytes ^ sum
        let starts = wordBytes & ~insideBefore & ByteWord.lowBits
        inWord = carriedOut || carriedOutOfCarry
        // One bit a byte at most: the top byte of the product is their sum.
        return Int(truncatingIfNeeded: (starts &* ByteWord.lowBits) &>> 56)
    }

    /// Counts the character beyond ASCII at `index` and returns where the next one starts.
    @inline(never)
    private mutating func addCharacter(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let (scalar, length) = Self.decode(text, at: index)
        if Self.isCJK(scalar) {
            inWord = false
            cjkCharacters += 1
        } else if Self.isCJKPunctuation(scalar) {
            inWord = false
        } else if Self.isLatinLetter(scalar) {
            startWord()
        } else {
            addOther(scalar)
        }
        return index + length
    }

    /// The Unicode properties cost far more than the tests above, which
    /// settle the characters of Chinese text: they are looked up apart.
    @inline(never)
    private mutating func addOther(_ scalar: Unicode.Scalar) {
        if scalar.properties.isWhitespace {
            inWord = false
        } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
            startWord()
        }
    }

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

    /// The letters of Latin-1 (all of U+00C0–U+00FF but `×` and `÷`) and of
    /// Latin Extended-A and -B: the accented letters of European languages,
    /// settled without a lookup of their Unicode properties.
    static func isLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
        (0xC0...0x24F).contains(scalar.value) && scalar.value != 0xD7 && scalar.value != 0xF7
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
