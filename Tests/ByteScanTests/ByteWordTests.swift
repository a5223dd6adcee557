import ByteScan
import Testing

@Suite("Eight bytes at a time")
struct ByteWordTests {
    /// Words of random bytes (every value, often the ones tested for) with
    /// the bytes each test must flag worked out one byte at a time.
    private static func words(_ count: Int) -> [[UInt8]] {
        var state: UInt64 = 0xB17E5
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        let likely: [UInt8] = [0x00, 0x1F, 0x20, 0x22, 0x26, 0x27, 0x30, 0x39, 0x3C, 0x3E, 0x41, 0x5A, 0x5C, 0x61, 0x7A, 0x7F, 0x80, 0x9F, 0xA2, 0xBC, 0xFF]
        return (0..<count).map { _ in (0..<8).map { _ in next() % 3 == 0 ? likely[Int(next()) % likely.count] : next() } }
    }

    private static func flagged(_ bytes: [UInt8], _ test: (UInt8) -> Bool) -> ByteMatches {
        var bits: UInt64 = 0
        for (offset, byte) in bytes.enumerated() where test(byte) { bits |= 0x80 << (8 * offset) }
        return ByteMatches(highBits: bits)
    }

    private static func word(_ bytes: [UInt8]) -> ByteWord {
        bytes.withUnsafeBufferPointer { ByteWord(loadingFrom: $0.baseAddress!) }
    }

    @Test func everyTestFlagsExactlyTheBytesItNames() {
        for bytes in Self.words(20_000) {
            let word = Self.word(bytes)
            for value: UInt8 in [0x00, 0x22, 0x26, 0x3C, 0x5C, 0x80, 0xA2, 0xFF] {
                #expect(word.matching(value) == Self.flagged(bytes) { $0 == value }, "\(bytes) \(value)")
            }
            for limit: UInt8 in [0x00, 0x01, 0x20, 0x30, 0x7F, 0x80] {
                #expect(word.below(limit) == Self.flagged(bytes) { $0 < limit }, "\(bytes) \(limit)")
            }
            #expect(word.within(0x30...0x39) == Self.flagged(bytes) { (0x30...0x39).contains($0) }, "\(bytes)")
            #expect(word.within(0x00...0x7F) == Self.flagged(bytes) { $0 < 0x80 }, "\(bytes)")
            #expect(word.settingBits(0x02).matching(0x3E) == Self.flagged(bytes) { $0 == 0x3C || $0 == 0x3E }, "\(bytes)")
            #expect(word.nonASCII == Self.flagged(bytes) { $0 >= 0x80 }, "\(bytes)")
            #expect(word.settingBits(0x20).within(0x61...0x7A)
                    == Self.flagged(bytes) { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }, "\(bytes)")
        }
    }

    /// A special byte alone in a word, at each of the eight places, next to
    /// the bytes that differ from it by one bit or one in value.
    @Test func aByteIsFoundAtEachPlaceOfAWord() {
        for place in 0..<8 {
            for neighbour: UInt8 in [0x21, 0x23, 0x62, 0xA2, 0x02, 0x7F, 0xFF] {
                var bytes = [UInt8](repeating: neighbour, count: 8)
                bytes[place] = 0x22
                let found = Self.word(bytes).matching(0x22)
                #expect(found.first == place && found.droppingFirst.isEmpty, "\(bytes)")
            }
        }
    }

    @Test func matchesComeOutInOrder() {
        let found = Self.word(Array("a<b>c&d\"".utf8)).matching(UInt8(ascii: "<")) | Self.word(Array("a<b>c&d\"".utf8)).matching(UInt8(ascii: "&"))
        #expect(found.first == 1)
        #expect(found.droppingFirst.first == 5)
        #expect(found.droppingFirst.droppingFirst.isEmpty)
        #expect(found.droppingFirst.droppingFirst.first == 8)
    }

    @Test func theEndOfATextIsReadPaddedWithZeros() {
        let bytes: [UInt8] = [0x41, 0x42, 0x43, 0xFF, 0x44, 0x45, 0x46, 0x47, 0x48]
        bytes.withUnsafeBufferPointer { buffer in
            for count in 0...8 {
                let word = ByteWord(loadingFrom: buffer.baseAddress!, count: count)
                #expect(word.bits == bytes.prefix(count).reversed().reduce(0) { $0 << 8 | UInt64($1) })
            }
        }
    }

    /// A text of eight bytes or more reads its end as its last eight shifted;
    /// a shorter one byte by byte. Either way the padding is zeros.
    @Test func theLastWordOfATextOfEveryLength() {
        for length in 0...20 {
            let bytes = (0..<length).map { UInt8(0xA0 + $0) }
            bytes.withUnsafeBufferPointer { buffer in
                for index in max(0, length - 7)..<length {
                    let expected = bytes[index...].reversed().reduce(0) { $0 << 8 | UInt64($1) }
                    #expect(buffer.lastWord(from: index).bits == expected, "\(length) \(index)")
                }
            }
        }
    }

    /// Each place of a text of every length up to 20, so the special byte is
    /// at each place of a whole word and of the padded last one.
    @Test func firstIndexFindsAByteAnywhereAndNeverInThePadding() {
        for length in 0...20 {
            let plain = [UInt8](repeating: UInt8(ascii: "x"), count: length)
            plain.withUnsafeBufferPointer { buffer in
                #expect(buffer.firstIndex(from: 0) { $0.matching(0) } == length, "padding found at \(length)")
                #expect(buffer.firstIndex(from: 0) { $0.below(0x20) } == length)
            }
            for place in 0..<length {
                var bytes = plain
                bytes[place] = UInt8(ascii: "\\")
                bytes.withUnsafeBufferPointer { buffer in
                    for start in 0...place {
                        #expect(buffer.firstIndex(from: start) { $0.matching(UInt8(ascii: "\\")) } == place)
                    }
                    #expect(buffer.firstIndex(from: place + 1) { $0.matching(UInt8(ascii: "\\")) } == length)
                }
            }
        }
    }

    /// UTF-8 is never taken for ASCII, also when a character's bytes straddle two words.
    @Test func multiByteCharactersAcrossAWordBoundaryAreNotASCII() {
        let text = Array("1234567é89€abcdefg🎉".utf8)
        text.withUnsafeBufferPointer { buffer in
            #expect(buffer.firstIndex(from: 0) { $0.nonASCII } == 7)
            #expect(buffer.firstIndex(from: 9) { $0.nonASCII } == 11)
            #expect(buffer.firstIndex(from: 14) { $0.nonASCII } == 21)
            #expect(buffer.firstIndex(from: 0) { $0.matching(0xA9) } == 8)
            #expect(buffer.firstIndex(from: 0) { $0.below(0x20) } == text.count)
        }
    }
}
