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
    /// Prose is mostly ASCII, counted 64 bytes at a time from a bit a byte
    /// for each class (`ReadingClasses`); a character beyond ASCII is
    /// looked up on its own, and the rest of its block is read from the
    /// same bits.
    public mutating func add(_ text: UnsafeBufferPointer<UInt8>) {
        guard let base = text.baseAddress else { return }
        // The counts stay in registers while the ASCII words are counted: kept
        // in `self`, they were stored to memory for every block.
        var started = 0
        var open = inWord
        var index = 0
        let count = text.count
        while index < count {
            // Past the text's end, the bits are zero: bytes of no class, which leave a word as it is.
            var block = count &- index >= 64 ? ReadingClasses(of: base + index) : ReadingClasses(ofLast: base + index, count: count &- index)
            var left = 64
            while true {
                guard block.beyondASCII != 0 else {
                    started &+= Self.wordStarts(in: block, inWord: &open)
                    index &+= left
                    break
                }
                let ascii = block.beyondASCII.trailingZeroBitCount
                started &+= Self.wordStarts(in: block.prefix(ascii), inWord: &open)
                words += started
                started = 0
                inWord = open
                let next = addCharacter(text, at: index &+ ascii)
                open = inWord
                let used = next &- index
                index = next
                // A character reaching past the block: the next block starts after it.
                if used >= left { break }
                block = block.dropping(used)
                left &-= used
            }
        }
        words += started
        inWord = open
    }

    public mutating func add(_ text: String) {
        text.withUTF8InPlace { add($0) }
    }

    /// The words that start in a block. A byte is inside a word when it is
    /// a letter or digit, or when it is not a space and the byte before it
    /// is inside one (`*` and `-` leave a word open). That "before" is the
    /// carry of an addition, a bit a byte: letters and digits make a carry,
    /// other bytes but spaces pass it on, and spaces stop it.
    @inline(__always)
    private static func wordStarts(in block: ReadingClasses, inWord: inout Bool) -> Int {
        let notSpaces = ~block.space
        let (partial, carriedOut) = notSpaces.addingReportingOverflow(block.word)
        let (sum, carriedOutOfCarry) = partial.addingReportingOverflow(inWord ? 1 : 0)
        // The carry into each bit: whether the byte before it was inside a word.
        let insideBefore = notSpaces ^ block.word ^ sum
        inWord = carriedOut || carriedOutOfCarry
        return (block.word & ~insideBefore).nonzeroBitCount
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
