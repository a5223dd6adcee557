@testable import SiteModel
import Testing

/// ASCII is counted 64 bytes at a time: words must come out the same
/// wherever a space, a letter or a character beyond ASCII falls in a word
/// or a block, and a word must carry over from one call to the next.
@Suite("Reading length")
struct ReadingLengthTests {
    private enum Kind { case letter, space, neutral, cjk }

    /// Each character the texts are made of, and what a reader makes of it.
    private static let alphabet: [(Character, Kind)] = [
        ("a", .letter), ("Z", .letter), ("7", .letter), ("é", .letter), ("ß", .letter), ("ж", .letter), ("٣", .letter),
        (" ", .space), ("\n", .space), ("\t", .space), ("\u{A0}", .space), ("\u{3000}", .space), ("。", .space),
        ("*", .neutral), ("-", .neutral), ("@", .neutral), ("[", .neutral), ("`", .neutral), ("{", .neutral),
        ("—", .neutral), ("🎉", .neutral), ("×", .neutral),
        ("视", .cjk), ("カ", .cjk), ("한", .cjk),
    ]

    /// Words and CJK characters counted one character at a time.
    private static func expected(_ pieces: [[(Character, Kind)]]) -> (words: Int, cjk: Int) {
        var words = 0, cjk = 0, inWord = false
        for (_, kind) in pieces.joined() {
            switch kind {
            case .letter:
                if !inWord { words += 1 }
                inWord = true
            case .space: inWord = false
            case .neutral: break
            case .cjk:
                cjk += 1
                inWord = false
            }
        }
        return (words, cjk)
    }

    @Test func randomTextsInPiecesCountAsOneCharacterAtATime() {
        var state: UInt64 = 0x1E27
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        for round in 0..<3_000 {
            // Some texts mostly letters, some mostly spaces, some mixed.
            let bias = round % 3
            let pieces = (0..<1 + next(4)).map { _ in
                (0..<next(150)).map { _ in
                    bias == 0 ? (next(3) == 0 ? Self.alphabet[next(Self.alphabet.count)] : ("w", .letter))
                        : bias == 1 ? (next(3) == 0 ? Self.alphabet[next(Self.alphabet.count)] : (" ", .space))
                        : Self.alphabet[next(Self.alphabet.count)]
                }
            }
            var length = ReadingLength()
            for piece in pieces { length.add(String(piece.map(\.0))) }
            let expected = Self.expected(pieces)
            let text = pieces.map { String($0.map(\.0)) }
            #expect(length.words == expected.words && length.cjkCharacters == expected.cjk, "\(text)")
        }
    }

    /// A space or a character beyond ASCII at each place of a text up to
    /// 140 bytes long, the end of a word at each place of a block.
    @Test func aBoundaryAtEachPlace() {
        for count in 1...140 {
            for place in 0..<count {
                for (character, kind) in [(" ", Kind.space), ("*", .neutral), ("视", .cjk), ("é", .letter)] as [(Character, Kind)] {
                    var characters = Array(repeating: ("x", Kind.letter) as (Character, Kind), count: count)
                    characters[place] = (character, kind)
                    var length = ReadingLength()
                    length.add(String(characters.map(\.0)))
                    let expected = Self.expected([characters])
                    #expect(length.words == expected.words && length.cjkCharacters == expected.cjk, "\(characters.map(\.0))")
                }
            }
        }
    }

    @Test func aWordCarriesOverUntilItIsEnded() {
        var length = ReadingLength()
        length.add("un")
        length.add("*believ*")
        length.add("able")
        #expect(length.words == 1)
        length.endWord()
        length.add("next")
        #expect(length.words == 2)
    }

    /// The Latin letters settled without a lookup are the ones Unicode calls letters.
    @Test func latinLettersAreAlphabeticWithoutALookup() {
        for value in UInt32(0x80)...0x2FF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if ReadingLength.isLatinLetter(scalar) {
                #expect(scalar.properties.isAlphabetic && !scalar.properties.isWhitespace, "U+\(String(value, radix: 16))")
            } else if (0xC0...0x24F).contains(value) {
                #expect(value == 0xD7 || value == 0xF7)
            }
        }
    }

    /// Both ways of classing a block (the machine's sixteen bytes at a time
    /// and the portable one) give each byte's class as a byte-by-byte test
    /// does, and nothing past a short text's end.
    @Test func blockClassesMatchAByteByByteTest() {
        var state: UInt64 = 0x5EED
        for round in 0..<2_000 {
            let count = round % 64 + 1
            let bytes = (0..<count).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56)
            }
            var expected: (word: UInt64, space: UInt64, beyond: UInt64) = (0, 0, 0)
            for (place, byte) in bytes.enumerated() {
                let bit: UInt64 = 1 << UInt64(place)
                if (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) { expected.word |= bit }
                if byte == 0x20 || (0x09...0x0D).contains(byte) { expected.space |= bit }
                if byte >= 0x80 { expected.beyond |= bit }
            }
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                let machine = count == 64 ? ReadingClasses(of: base) : ReadingClasses(ofLast: base, count: count)
                let portable = ReadingClasses(portable: base, count: count)
                for classes in [machine, portable] {
                    #expect(classes.word == expected.word && classes.space == expected.space && classes.beyondASCII == expected.beyond,
                            "\(bytes)")
                }
            }
        }
    }
}
