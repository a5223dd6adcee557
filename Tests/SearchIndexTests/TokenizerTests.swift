import SearchIndex
import Testing

@Suite("Tokenizer")
struct TokenizerTests {
    @Test func englishWordsAreLowerCasedAndSplitAtPunctuation() {
        #expect(SearchTokenizer.terms(in: "Hello, World! Swift 6.0 is here.") == ["hello", "world", "swift", "6", "0", "is", "here"])
    }

    @Test func accentsAndCaseFold() {
        #expect(SearchTokenizer.terms(in: "Café NAÏVE déjà-vu Ærø Straße") == ["cafe", "naive", "deja", "vu", "ærø", "straße"])
        // A decomposed accent (e + combining acute) folds the same as a composed one.
        #expect(SearchTokenizer.terms(in: "Cafe\u{301}") == ["cafe"])
    }

    @Test func apostrophesAreDroppedInsideWords() {
        #expect(SearchTokenizer.terms(in: "Don't stop, it’s 'quoted'") == ["dont", "stop", "its", "quoted"])
    }

    @Test func identifiersSplitAtUnderscoresAndDotsButKeepCamelCase() {
        #expect(SearchTokenizer.terms(in: "title_ui_10 loader.load() NSURLSession") == ["title", "ui", "10", "loader", "load", "nsurlsession"])
    }

    @Test func chineseRunsBecomeOverlappingPairs() {
        #expect(SearchTokenizer.terms(in: "静态网站") == ["静态", "态网", "网站"])
        #expect(SearchTokenizer.terms(in: "我") == ["我"])
        #expect(SearchTokenizer.terms(in: "构建，缓存。") == ["构建", "缓存"])
    }

    /// A run's pairs come straight from the text: whatever ends a run, no
    /// pair spans it, and a run of one character is a term of its own.
    @Test func everyKindOfCharacterEndsACJKRun() {
        #expect(SearchTokenizer.terms(in: "静态'网站") == ["静态", "网站"])
        #expect(SearchTokenizer.terms(in: "静态\u{2019}网站") == ["静态", "网站"])
        #expect(SearchTokenizer.terms(in: "我，你。他") == ["我", "你", "他"])
        #expect(SearchTokenizer.terms(in: "网站café静态") == ["网站", "cafe", "静态"])
        #expect(SearchTokenizer.terms(in: "网站Ω静态🎉缓存") == ["网站", "ω", "静态", "缓存"])
        let bytes: [UInt8] = Array("静态".utf8) + [0xFF] + Array("网站生成".utf8)
        var terms: [String] = []
        bytes.withUnsafeBufferPointer { buffer in SearchTokenizer.forEachTerm(inUTF8: buffer) { terms.append(String(decoding: $0, as: UTF8.self)) } }
        #expect(terms == ["静态", "网站", "站生", "生成"])
    }

    @Test func mixedTextSeparatesScripts() {
        #expect(SearchTokenizer.terms(in: "用Swift写静态网站2024年") == ["用", "swift", "写静", "静态", "态网", "网站", "2024", "年"])
    }

    @Test func japaneseAndKoreanArePairedToo() {
        #expect(SearchTokenizer.terms(in: "東京で") == ["東京", "京で"])
        #expect(SearchTokenizer.terms(in: "サイト") == ["サイ", "イト"])
        #expect(SearchTokenizer.terms(in: "한국어 검색") == ["한국", "국어", "검색"])
    }

    @Test func emojiAndSymbolsSeparateWords() {
        #expect(SearchTokenizer.terms(in: "ship🎉it 🚀 a→b © 2024") == ["ship", "it", "a", "b", "2024"])
        #expect(SearchTokenizer.terms(in: "👍🏽🇫🇷") == [])
    }

    @Test func overlongWordsAreLeftOut() {
        let long = String(repeating: "a", count: SearchTokenizer.maxWordLength + 1)
        #expect(SearchTokenizer.terms(in: "short \(long) end") == ["short", "end"])
        let fits = String(repeating: "é", count: SearchTokenizer.maxWordLength)
        #expect(SearchTokenizer.terms(in: fits) == [String(repeating: "e", count: SearchTokenizer.maxWordLength)])
        // Accents never take room in a word; letters of four bytes past its room end it unread.
        let accented = "x" + String(repeating: "\u{301}", count: 300)
        #expect(SearchTokenizer.terms(in: "a \(accented) b") == ["a", "x", "b"])
        let overfull = String(repeating: "\u{1D400}", count: SearchTokenizer.maxWordBytes / 4 + 1)
        #expect(SearchTokenizer.terms(in: "a \(overfull) b \(overfull)") == ["a", "b"])
    }

    /// Words are scanned eight bytes at a time, and in a long text 64: every
    /// length around those eights, capitals at every place, and each kind of
    /// byte that can end a word, checked against plain splitting of ASCII text.
    @Test func asciiWordsOfEveryLengthEndWhereTheirLettersDo() {
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        for length in 1...20 {
            for capital in [nil] + Array(0..<length) {
                for end in [" ", ".", "-", "_", "@", "[", "`", "{", "/", ":", "\n", "\u{7F}", ""] {
                    let word = String((0..<length).map { position in
                        let letter = letters[(position * 7 + length) % 36]
                        return position == capital ? Character(letter.uppercased()) : letter
                    })
                    let text = "x " + word + end + "Yz"
                    let expected = text.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) }).map { $0.lowercased() }
                    #expect(SearchTokenizer.terms(in: text) == expected, "\(text.debugDescription)")
                    // Long enough to be read 64 bytes at a time.
                    let long = text + String(repeating: " ", count: 100)
                    #expect(SearchTokenizer.terms(in: long) == expected, "\(long.debugDescription)")
                }
            }
        }
    }

    @Test func aWordGoesOnPastItsASCIILettersAtAnyLength() {
        for length in 1...17 {
            let stem = String(repeating: "Ab", count: length).prefix(length)
            #expect(SearchTokenizer.terms(in: "\(stem)é \(stem)'s \(stem)中文") ==
                    [stem.lowercased() + "e", stem.lowercased() + "s", stem.lowercased(), "中文"])
            // The same, each word with text enough after it to be read 64 bytes at a time.
            let room = String(repeating: " ", count: 80)
            #expect(SearchTokenizer.terms(in: "\(stem)é\(room)\(stem)'s\(room)\(stem)中文\(room)") ==
                    [stem.lowercased() + "e", stem.lowercased() + "s", stem.lowercased(), "中文"])
        }
    }

    /// In the middle of a long text, words and the runs of bytes between
    /// them are read 64 bytes at a time, at every offset: each length
    /// of word around 8 and 16, capitals anywhere, runs of 1 to 70 spaces
    /// and punctuation (apostrophes among them), words across the 64-byte
    /// blocks' ends, and a byte beyond ASCII starting a word or ending a run.
    @Test func longTextsSplitAsShortOnesDo() {
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        let runs = [" ", ", ", " - ", ".\n\n", " (", "' ", " '", String(repeating: " ", count: 9),
                    String(repeating: "-", count: 15), String(repeating: "*", count: 20), String(repeating: " ", count: 70)]
        for shift in 0..<64 {
            var text = String(repeating: "q", count: shift) + " "
            var expected = shift > 0 ? [String(repeating: "q", count: shift)] : []
            for length in 1...18 {
                let word = String((0..<length).map { letters[($0 * 5 + length + shift) % 36] })
                let written = length % 3 == 0 ? word.prefix(1).uppercased() + word.dropFirst() : word
                text += written + runs[(length + shift) % runs.count]
                expected.append(word)
                if length % 4 == 0 {
                    text += "é\(word) 中文 "
                    expected += ["e" + word, "中文"]
                }
            }
            text += String(repeating: "z", count: 3)
            expected.append("zzz")
            #expect(SearchTokenizer.terms(in: text) == expected, "\(text.debugDescription)")
        }
    }

    /// Every ASCII byte but letters, digits and the apostrophe ends a word
    /// where a long text is read 64 bytes at a time: the ones beside the
    /// letters' and digits' ranges (`/`, `:`, `@`, `[`, backquote, `{`) too.
    @Test func everyASCIISeparatorEndsAWordInALongText() {
        let separators = (UInt8(1)...UInt8(0x7F)).filter { byte in
            !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                && byte != UInt8(ascii: "'")
        }
        var text: [UInt8] = []
        var expected: [String] = []
        for (index, separator) in separators.enumerated() {
            let word = "w\(index)Z"
            text += Array(word.utf8) + [separator]
            expected.append(word.lowercased())
        }
        text += Array(repeating: UInt8(ascii: " "), count: 100)
        var terms: [String] = []
        text.withUnsafeBufferPointer { buffer in SearchTokenizer.forEachTerm(inUTF8: buffer) { terms.append(String(decoding: $0, as: UTF8.self)) } }
        #expect(terms == expected)
    }

    /// A character beyond ASCII at every place of the 64-byte blocks a long
    /// text is read in, after a run of spaces and after a word.
    @Test func aCharacterBeyondASCIIIsFoundAtEveryPlace() {
        let tail = String(repeating: " ", count: 100)
        for place in 0..<140 {
            let spaces = String(repeating: " ", count: place)
            #expect(SearchTokenizer.terms(in: spaces + "中文 x é" + tail) == ["中文", "x", "e"], "\(place)")
            #expect(SearchTokenizer.terms(in: spaces + "word中文" + tail) == ["word", "中文"], "\(place)")
            #expect(SearchTokenizer.terms(in: spaces + "sixteen1letters ab" + tail) == ["sixteen1letters", "ab"], "\(place)")
        }
    }

    @Test func invalidUTF8EndsAWord() {
        let bytes: [UInt8] = Array("ab".utf8) + [0xFF] + Array("cd".utf8) + [0xE4, 0xB8]
        var terms: [String] = []
        bytes.withUnsafeBufferPointer { buffer in SearchTokenizer.forEachTerm(inUTF8: buffer) { terms.append(String(decoding: $0, as: UTF8.self)) } }
        #expect(terms == ["ab", "cd"])
    }

    /// Bytes that are not UTF-8 end words where Swift's own decoding puts a
    /// replacement character: random mixes of ASCII letters, lead bytes,
    /// continuation bytes and whole characters (with overlong forms and
    /// surrogates among them), split as bytes and as the repaired string.
    @Test(arguments: [1, 2, 3, 4, 5])
    func bytesSplitAsTheirRepairedStringDoes(seed: Int) {
        var generator = SplitMix(seed: UInt64(seed))
        let pieces: [[UInt8]] = [[0x61], [0x42], [0x20], [0xC3, 0xA9], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xE0, 0x81, 0xA1], [0xF0, 0x80, 0x81, 0xA1], [0xED, 0xA0, 0x80],
                                 [0xE4, 0xB8, 0xAD], [0xF0, 0x9F, 0x8E, 0x89], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xBF], [0xE2],
                                 [0xF0], [0xC2], [0xE0, 0xA0], [0xF1, 0x80, 0x80]]
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(generator.next() % 24) { bytes += pieces[Int(generator.next() % UInt64(pieces.count))] }
            var split: [String] = []
            bytes.withUnsafeBufferPointer { SearchTokenizer.forEachTerm(inUTF8: $0) { split.append(String(decoding: $0, as: UTF8.self)) } }
            #expect(split == SearchTokenizer.terms(in: String(decoding: bytes, as: UTF8.self)), "\(bytes)")
        }
    }

    /// A word is one term however it was read: in a long text's 64-byte
    /// blocks, before any byte that ends it, or where the text ends.
    @Test func aWordIsOneTermWhereverItIsRead() {
        let words = ["a", "go", "swift", "caching", "Networking", "sixteen1letters", "seventeen2letters"]
        var text = String(repeating: " ", count: 7)
        for end in [" ", "-", "!", "/", "{", "\u{7F}", ".\n", "é ", "' "] {
            for word in words { text += word + end }
        }
        text += String(repeating: " ", count: 100) + words.joined(separator: "-")
        var table = TermTable()
        table.begin(document: 0)
        table.add(bodyText: Array(text.utf8))
        let found = table.terms(ofDocumentAt: 0)
        // The apostrophe is dropped, and the word it ends is the same word.
        let expected = words.map { $0.lowercased() } + words.map { $0.lowercased() + "e" }
        #expect(found == PostTerms(terms: expected, strong: expected.map { _ in false }))
    }

    @Test func postTermsKeepEachTermOnceAndMarkStrongOnes() {
        var table = TermTable()
        table.begin(document: 0)
        table.add(strongText: "Swift Caching")
        table.add(bodyText: Array("Caching in swift, and caching again; networking too.".utf8))
        let terms = table.terms(ofDocumentAt: 0)
        #expect(terms == PostTerms(terms: ["swift", "caching", "in", "and", "again", "networking", "too"],
                                   strong: [true, true, false, false, false, false, false]))
    }
}
