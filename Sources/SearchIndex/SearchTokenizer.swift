import ByteScan
import CBlockBits
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
    /// Room for the bytes of a word read beyond ASCII: 128 characters of
    /// four bytes (accents take none: they are dropped as they are read). A
    /// word that does not fit is longer than `maxWordLength`, and left out.
    public static let maxWordBytes = 512

    /// The terms of `text`, in order, repeats included.
    public static func terms(in text: String) -> [String] {
        var found: [String] = []
        forEachTerm(in: text) { found.append(String(decoding: $0, as: UTF8.self)) }
        return found
    }

    /// Calls `body` with the UTF-8 of each term of `text`, in order.
    public static func forEachTerm(in text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        text.withUTF8InPlace { forEachTerm(inUTF8: $0, body) }
    }

    /// The same over UTF-8 bytes; a byte that is not valid UTF-8 ends a word.
    public static func forEachTerm(inUTF8 bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withoutActuallyEscaping(body) { body in
            var sink = ClosureSink(body: body)
            forEachTerm(inUTF8: bytes, into: &sink)
        }
    }

    /// The same, each term given to `sink`: a sink known when compiling is
    /// called directly, not through a closure, once a word.
    static func forEachTerm<Sink: TermSink>(inUTF8 bytes: UnsafeBufferPointer<UInt8>, into sink: inout Sink) {
        asciiWordBytes.withUnsafeBufferPointer { lower in
            forEachTerm(inUTF8: bytes, lower: lower, into: &sink)
        }
    }

    private struct ClosureSink: TermSink {
        let body: (UnsafeBufferPointer<UInt8>) -> Void

        func take(_ term: UnsafeBufferPointer<UInt8>) { body(term) }
    }

    /// By byte: its lower case for an ASCII letter or digit, 0 for any other byte.
    private static let asciiWordBytes: [UInt8] = (0...255).map { value in
        switch UInt8(value) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(value)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt8(value) | 0x20
        default: 0
        }
    }

    /// The room to lower a word in, and to gather one beyond ASCII, is on
    /// the stack: a text is often a title or a tag of a few words, and two
    /// buffers on the heap for each (the state's) cost as much as splitting
    /// it; an array for the word cost some 60 instructions to empty each time.
    private static func forEachTerm<Sink: TermSink>(inUTF8 bytes: UnsafeBufferPointer<UInt8>, lower: UnsafeBufferPointer<UInt8>,
                                                    into sink: inout Sink) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxWordLength + maxWordBytes) { room in
            forEachTerm(inUTF8: bytes, lower: lower, room: room, into: &sink)
        }
    }

    private static func forEachTerm<Sink: TermSink>(inUTF8 bytes: UnsafeBufferPointer<UInt8>, lower: UnsafeBufferPointer<UInt8>,
                                                    room: UnsafeMutableBufferPointer<UInt8>, into sink: inout Sink) {
        var state = State(text: bytes, loweredRoom: UnsafeMutableBufferPointer(rebasing: room[..<maxWordLength]),
                          wordRoom: UnsafeMutableBufferPointer(rebasing: room[maxWordLength...]))
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80, !state.hasWord, !state.hasRun {
                // Nothing pending: most of a text is short ASCII words and the
                // spaces and punctuation between them, taken 64 bytes at a time (`ASCIIWordRun`).
                let stop = ASCIIWordRun.take(bytes, from: index, into: &sink)
                if stop != index {
                    index = stop
                    continue
                }
                // Nothing pending: an ASCII byte that is not a letter or digit (an apostrophe too) is skipped.
                let first = lower[Int(byte)]
                if first == 0 {
                    index += 1
                    continue
                }
                // The common case: a word of ASCII letters and digits, handed over without a copy
                // unless it has capitals; one that goes on past them joins the general path.
                let (end, hasCapitals) = ASCIIWord.end(in: bytes, from: index, lower: lower)
                let continues = end < count && (bytes[end] >= 0x80 || bytes[end] == UInt8(ascii: "'"))
                if continues {
                    for position in index..<end { state.appendToWord(lower[Int(bytes[position])]) }
                    index = end
                    continue
                }
                if end - index <= maxWordLength {
                    if hasCapitals {
                        state.lowered(UnsafeBufferPointer(rebasing: bytes[index..<end])) { sink.take($0) }
                    } else {
                        sink.take(UnsafeBufferPointer(rebasing: bytes[index..<end]))
                    }
                }
                // Still nothing pending: the ASCII separators after the word are skipped here.
                index = end
                while index < count, bytes[index] < 0x80, lower[Int(bytes[index])] == 0 { index += 1 }
                continue
            }
            if byte < 0x80 {
                index += 1
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    if state.hasRun { state.flushRun(&sink) }
                    state.appendToWord(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    if state.hasRun { state.flushRun(&sink) }
                    state.appendToWord(byte | 0x20)
                case UInt8(ascii: "'"):
                    state.flushRun(&sink)  // dropped: don't → dont
                default:
                    state.flushAll(&sink)
                }
                continue
            }
            let (scalar, length) = decode(bytes, at: index)
            let start = index
            index += length
            guard let scalar else {
                state.flushAll(&sink)
                continue
            }
            if isCJK(scalar) {
                state.flushWord(&sink)
                state.addToRun(start..<index, &sink)
            } else if scalar == "\u{2019}" {
                state.flushRun(&sink)  // a typographic apostrophe is dropped too
            } else if let folded = LatinFolding.folded(scalar) {
                state.flushRun(&sink)
                state.appendToWord(packed: folded)
            } else if isWordCharacter(scalar) {
                state.flushRun(&sink)
                if scalar.properties.generalCategory == .nonspacingMark { continue }  // accents go
                state.appendToWord(scalar)
                state.needsFolding = true
            } else {
                state.flushAll(&sink)
            }
        }
        state.flushAll(&sink)
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

    /// Lower case, accents (nonspacing marks) dropped: what a word of any script is indexed as.
    public static func folded(_ word: String) -> String {
        let decomposed = word.lowercased().decomposedStringWithCanonicalMapping
        var scalars = String.UnicodeScalarView()
        for scalar in decomposed.unicodeScalars where scalar.properties.generalCategory != .nonspacingMark {
            scalars.append(scalar)
        }
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    private struct State {
        /// The text being split: a run's pairs are handed over from it, uncopied.
        let text: UnsafeBufferPointer<UInt8>
        /// The word being read when it is not plain ASCII: the first `wordCount` bytes of `wordRoom`.
        let wordRoom: UnsafeMutableBufferPointer<UInt8>
        var wordCount = 0
        /// True when the word went on past `wordRoom`: it is left out.
        var wordOverflowed = false
        /// True when `word` holds a character the Latin table does not fold.
        var needsFolding = false
        /// The last character of the CJK run being read, in `text`; empty with no run.
        var runLast = 0..<0
        /// Whether the run has given a pair yet (a run of one character gives itself).
        var runHasPairs = false
        /// Room for a word of ASCII letters and digits in lower case (`maxWordLength` bytes).
        let loweredRoom: UnsafeMutableBufferPointer<UInt8>

        init(text: UnsafeBufferPointer<UInt8>, loweredRoom: UnsafeMutableBufferPointer<UInt8>, wordRoom: UnsafeMutableBufferPointer<UInt8>) {
            self.text = text
            self.loweredRoom = loweredRoom
            self.wordRoom = wordRoom
        }

        /// An overflowed word has bytes too: it overflowed appending a character's few.
        var hasWord: Bool { wordCount > 0 }

        mutating func appendToWord(_ byte: UInt8) {
            guard wordCount < wordRoom.count else { return wordOverflowed = true }
            wordRoom[wordCount] = byte
            wordCount += 1
        }

        mutating func appendToWord(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let source = bytes.baseAddress, let target = wordRoom.baseAddress else { return }
            guard wordCount + bytes.count <= wordRoom.count else { return wordOverflowed = true }
            (target + wordCount).update(from: source, count: bytes.count)
            wordCount += bytes.count
        }

        /// Bytes packed as `LatinFolding` packs them.
        mutating func appendToWord(packed: UInt32) {
            for index in 0..<packed >> 24 { appendToWord(UInt8(truncatingIfNeeded: packed >> (8 * index))) }
        }

        mutating func appendToWord(_ scalar: Unicode.Scalar) {
            for byte in scalar.utf8 { appendToWord(byte) }
        }

        var hasRun: Bool { !runLast.isEmpty }

        /// A CJK character right after the run's last one (any other character ends the run)
        /// makes a pair with it: the two are next to each other in the text.
        mutating func addToRun<Sink: TermSink>(_ character: Range<Int>, _ sink: inout Sink) {
            if hasRun {
                sink.take(UnsafeBufferPointer(rebasing: text[runLast.lowerBound..<character.upperBound]))
                runHasPairs = true
            }
            runLast = character
        }

        /// Calls `body` with `word`, ASCII letters and digits of at most
        /// `maxWordLength` bytes, in lower case. A capital is its small
        /// letter without bit 5, which digits and small letters have set:
        /// setting it in every byte lowers the word in one pass, with no
        /// check per byte (a capital starts every sentence).
        func lowered(_ word: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            guard let target = loweredRoom.baseAddress, let source = word.baseAddress else { return }
            let count = min(word.count, loweredRoom.count)
            for index in 0..<count { target[index] = source[index] | 0x20 }
            body(UnsafeBufferPointer(start: target, count: count))
        }

        mutating func flushAll<Sink: TermSink>(_ sink: inout Sink) {
            flushWord(&sink)
            flushRun(&sink)
        }

        mutating func flushWord<Sink: TermSink>(_ sink: inout Sink) {
            guard hasWord else { return }
            defer {
                wordCount = 0
                wordOverflowed = false
                needsFolding = false
            }
            guard !wordOverflowed else { return }
            let word = UnsafeBufferPointer(rebasing: wordRoom[..<wordCount])
            guard needsFolding else {
                // Characters counted by their lead bytes.
                let length = word.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
                if length <= SearchTokenizer.maxWordLength { sink.take(word) }
                return
            }
            var term = SearchTokenizer.folded(String(decoding: word, as: UTF8.self))
            let length = term.unicodeScalars.count
            if length > 0, length <= SearchTokenizer.maxWordLength { term.withUTF8 { sink.take($0) } }
        }

        /// Ends the run; one of a single character is a term of its own.
        mutating func flushRun<Sink: TermSink>(_ sink: inout Sink) {
            guard hasRun else { return }
            if !runHasPairs { sink.take(UnsafeBufferPointer(rebasing: text[runLast])) }
            runLast = 0..<0
            runHasPairs = false
        }
    }

    /// One scalar from valid UTF-8, or nil and one byte to skip. Each lead
    /// byte allows its own range of second bytes (Unicode's table 3-7),
    /// which rules out overlong forms and surrogates without re-encoding.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar?, Int) {
        let lead = bytes[index]
        let length: Int
        let seconds: ClosedRange<UInt8>
        switch lead {
        case 0xC2...0xDF: (length, seconds) = (2, 0x80...0xBF)
        case 0xE0: (length, seconds) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, seconds) = (3, 0x80...0xBF)
        case 0xED: (length, seconds) = (3, 0x80...0x9F)
        case 0xF0: (length, seconds) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, seconds) = (4, 0x80...0xBF)
        case 0xF4: (length, seconds) = (4, 0x80...0x8F)
        default: return (nil, 1)
        }
        guard index + length <= bytes.count, seconds.contains(bytes[index + 1]) else { return (nil, 1) }
        var value = UInt32(lead) & (0x7F >> UInt32(length))
        for offset in 1..<length {
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { return (nil, 1) }
            value = value << 6 | UInt32(next & 0x3F)
        }
        return (Unicode.Scalar(value), length)
    }
}

/// Finds where a word of ASCII letters and digits ends eight bytes at a
/// time: the scan of such words is most of what tokenizing English costs.
enum ASCIIWord {
    /// The end of the word that starts at `start` (a letter or digit), and
    /// whether it has capitals.
    @inline(__always)
    static func end(in bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                    lower: UnsafeBufferPointer<UInt8>) -> (end: Int, hasCapitals: Bool) {
        guard let base = bytes.baseAddress else { return (start, false) }
        var end = start
        var capitals = ByteMatches(highBits: 0)
        while end + 8 <= bytes.count {
            let word = ByteWord(loadingFrom: base + end)
            let upper = word.within(0x41...0x5A)
            let stops = ByteMatches(highBits: ~(word.settingBits(0x20).within(0x61...0x7A) | word.within(0x30...0x39)).highBits)
            if stops.isEmpty {
                capitals = capitals | upper
                end += 8
                continue
            }
            capitals = capitals | upper.prefix(stops.first)
            return (end + stops.first, !capitals.isEmpty)
        }
        var hasCapitals = !capitals.isEmpty
        while end < bytes.count {
            let byte = bytes[end]
            let folded = lower[Int(byte)]
            if folded == 0 { break }
            hasCapitals = hasCapitals || folded != byte
            end += 1
        }
        return (end, hasCapitals)
    }
}

/// The folding of each Latin letter from U+0080 to U+024F, worked out once
/// with `SearchTokenizer.folded`: most accented letters of European text are
/// then folded by a table look-up instead of Foundation's normalization.
enum LatinFolding {
    /// By letter: the bytes it folds to, first byte lowest, and their count
    /// in the top byte; 0 for none. Packed, not an array a letter: handing
    /// an array over counted a reference for each letter read.
    private static let table: [UInt32] = (0x80...0x24F).map { value in
        guard let scalar = Unicode.Scalar(value), SearchTokenizer.isWordCharacter(scalar) else { return 0 }
        let folded = Array(SearchTokenizer.folded(String(scalar)).utf8)
        // Only a letter that folds to one character keeps words countable by their bytes' lead bytes.
        guard String(decoding: folded, as: UTF8.self).unicodeScalars.count == 1, folded.count <= 3 else { return 0 }
        return folded.enumerated().reduce(UInt32(folded.count) << 24) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
    }

    /// The folded bytes of a Latin letter, packed as `table` holds them; nil for any other character.
    static func folded(_ scalar: Unicode.Scalar) -> UInt32? {
        guard scalar.value >= 0x80, scalar.value <= 0x24F else { return nil }
        let packed = table[Int(scalar.value) - 0x80]
        return packed == 0 ? nil : packed
    }
}

/// The common run of a text, 64 bytes at a time: ASCII words of 1 to 16
/// letters and digits and the ASCII bytes between them. Where the block's
/// words start and end is worked out first, for all 64 bytes at once (a
/// bit a byte); the words are then taken from those bits in order. Found
/// one after the other, each word's end had to be known before the next
/// word could be looked for, and that chain, not the instructions, was
/// what the words cost. A word is handed over as the integers `TermSet`
/// keys it by, lowered in the same step (a letter or digit with bit 5 set
/// is in lower case). Whatever else comes (a byte beyond ASCII, a word
/// going on into one or into an apostrophe, a longer word, the last 80
/// bytes of the text) is left to the general path.
enum ASCIIWordRun {
    private static let spaceBits: UInt64 = 0x2020_2020_2020_2020

    /// Takes the words from `start` on, where nothing is pending, and
    /// returns where it stopped: `start` when it could take nothing.
    @inline(__always)
    static func take<Sink: TermSink>(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, into sink: inout Sink) -> Int {
        guard let base = bytes.baseAddress else { return start }
        var index = start
        // 64 bytes a block, and 16 after it: a word starting in the block is loaded whole.
        while index &+ 80 <= bytes.count {
            let block = base + index
            let (wordBits, beyondASCII) = classes(of: block)
            // A byte beyond ASCII between words stops the run there.
            let firstBeyond = beyondASCII.trailingZeroBitCount
            var starts = wordBits & ~(wordBits &<< 1)
            var next = 64
            while starts != 0 {
                let first = starts.trailingZeroBitCount
                if first > firstBeyond { return index &+ firstBeyond }
                let length = (~wordBits &>> UInt64(first)).trailingZeroBitCount
                // A word reaching the block's end is read again in the next block.
                if first &+ length >= 64 {
                    next = first
                    break
                }
                // The byte after the word: beyond ASCII or an apostrophe, the word goes on.
                let stopper = block[first &+ length]
                guard length <= 16, stopper < 0x80, stopper != UInt8(ascii: "'") else { return index &+ first }
                let low = UnsafeRawPointer(block + first).loadUnaligned(as: UInt64.self) | spaceBits
                if length <= 8 {
                    sink.take(packed: low & (UInt64.max &>> UInt64(64 &- length &* 8)), 0, count: length)
                } else {
                    let high = UnsafeRawPointer(block + (first &+ 8)).loadUnaligned(as: UInt64.self) | spaceBits
                    sink.take(packed: low, high & (UInt64.max &>> UInt64(128 &- length &* 8)), count: length)
                }
                starts &= starts &- 1
            }
            if next == 64, firstBeyond < 64 { return index &+ firstBeyond }
            index &+= next
        }
        return index
    }

    /// Which of the 64 bytes at `block` are ASCII letters or digits, and
    /// which are beyond ASCII, a bit a byte: sixteen bytes an instruction
    /// where the machine has them (`CBlockBits`), else eight at a time.
    @inline(__always)
    static func classes(of block: UnsafePointer<UInt8>) -> (wordBits: UInt64, beyondASCII: UInt64) {
        #if arch(x86_64)
        let bits = sitegen_classify_block(block)
        return (bits.word, bits.beyondASCII)
        #else
        return portableClasses(of: block)
        #endif
    }

    /// The same, eight bytes at a time in any machine's instructions.
    @inline(__always)
    static func portableClasses(of block: UnsafePointer<UInt8>) -> (wordBits: UInt64, beyondASCII: UInt64) {
        var wordBits: UInt64 = 0
        var beyondASCII: UInt64 = 0
        for chunk in 0..<8 {
            let word = ByteWord(loadingFrom: block + (chunk &* 8))
            let shift = UInt64(chunk &* 8)
            wordBits |= wordBytes(word).bitPerByte &<< shift
            beyondASCII |= word.nonASCII.bitPerByte &<< shift
        }
        return (wordBits, beyondASCII)
    }

    /// ASCII letters and digits.
    @inline(__always)
    private static func wordBytes(_ chunk: ByteWord) -> ByteMatches {
        chunk.settingBits(0x20).within(0x61...0x7A) | chunk.within(0x30...0x39)
    }
}

/// What the tokenizer gives each term to.
protocol TermSink {
    mutating func take(_ term: UnsafeBufferPointer<UInt8>)
    /// A term of 1 to 16 bytes given as `TermSet.packed` packs it.
    mutating func take(packed first: UInt64, _ second: UInt64, count: Int)
}

extension TermSink {
    mutating func take(packed first: UInt64, _ second: UInt64, count: Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { room in
            guard let base = room.baseAddress else { return }
            UnsafeMutableRawPointer(base).storeBytes(of: first.littleEndian, as: UInt64.self)
            UnsafeMutableRawPointer(base + 8).storeBytes(of: second.littleEndian, as: UInt64.self)
            take(UnsafeBufferPointer(start: base, count: count))
        }
    }
}
