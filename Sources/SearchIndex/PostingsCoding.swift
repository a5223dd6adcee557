/// How a term's list of posts is written in a chunk: as text, so that the
/// chunk is plain JSON, in one of two forms, whichever is shorter.
///
/// - Gaps: each post as a number, `(gap - 1) << 1 | strong`, where the gap is
///   the distance from the post before (the first counts from -1), written
///   in base-32 digits, most significant first, each digit one character of
///   `alphabet`: 0–31 for the last digit, 32–63 for one that continues.
///   A dense list costs one character a post.
/// - Bitmap, for terms in many posts: `~`, then one bit a post (post n is
///   bit n % 6 of character n / 6, up to the last post listed), then `~`
///   and the strong posts alone in the gap form, with their flag bit 1.
public enum PostingsCoding {
    public static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_".utf8)

    /// `postings` sorted by post number, each `number << 1 | strong`. The
    /// lengths of both forms are counted before either is written.
    public static func encode(_ postings: [UInt32]) -> [UInt8] {
        encode(postings[...])
    }

    /// A list takes at least a character a post in the gap form, so a list
    /// denser than the bitmap is settled without counting its gap form
    /// (the words of most posts, which hold most of an index's postings).
    static func encode(_ postings: ArraySlice<UInt32>) -> [UInt8] {
        guard let last = postings.last else { return [] }
        let bitmapLength = Int(last >> 1) / 6 + 1
        var gapLength = postings.count
        if gapLength <= bitmapLength + 2 {
            gapLength = gapFormLength(postings)
            guard gapLength > bitmapLength + 2 else { return gapForm(postings, length: gapLength) }
        }
        let strongPostings = strongOnes(of: postings)[...]
        let strongLength = gapFormLength(strongPostings)
        if bitmapLength + strongLength + 2 >= gapLength, gapLength == postings.count {
            gapLength = gapFormLength(postings)
        }
        guard bitmapLength + strongLength + 2 < gapLength else { return gapForm(postings, length: gapLength) }
        return [UInt8](unsafeUninitializedCapacity: bitmapLength + strongLength + 2) { output, written in
            alphabet.withUnsafeBufferPointer { digits in
                guard let base = output.baseAddress else { return }
                writeBitmap(of: postings, length: bitmapLength, to: base + 1, digits: digits)
                base[0] = UInt8(ascii: "~")
                base[bitmapLength + 1] = UInt8(ascii: "~")
                let strong = gapForm(strongPostings, length: strongLength)
                (base + bitmapLength + 2).initialize(from: strong, count: strong.count)
                written = bitmapLength + 2 + strong.count
            }
        }
    }

    /// The bitmap's `length` characters: first one bit a post, in 64-bit
    /// words (a shift and an or a post, where finding a post's character
    /// took a division), then the characters four at a time from each
    /// three bytes of them: post n is bit n of the words, so it is bit
    /// n % 6 of character n / 6.
    private static func writeBitmap(of postings: ArraySlice<UInt32>, length: Int, to characters: UnsafeMutablePointer<UInt8>,
                                    digits: UnsafeBufferPointer<UInt8>) {
        let groups = length / 4
        // Room for every post's bit and for the last four bytes read.
        let wordCount = length * 6 / 64 + 2
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: wordCount) { words in
            guard let words = words.baseAddress else { return }
            words.initialize(repeating: 0, count: wordCount)
            postings.withUnsafeBufferPointer { postings in
                for posting in postings {
                    let number = UInt64(posting >> 1)
                    words[Int(number &>> 6)] |= (1 &<< (number & 63)).littleEndian
                }
            }
            let bytes = UnsafeRawPointer(words)
            for group in 0..<groups {
                let bits = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: group &* 3, as: UInt32.self))
                let at = characters + group &* 4
                at[0] = digits[Int(bits & 63)]
                at[1] = digits[Int(bits &>> 6 & 63)]
                at[2] = digits[Int(bits &>> 12 & 63)]
                at[3] = digits[Int(bits &>> 18 & 63)]
            }
            for index in groups &* 4..<length {
                let bit = index &* 6
                let value = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: bit &>> 3, as: UInt32.self)) &>> UInt32(bit & 7)
                characters[index] = digits[Int(value & 63)]
            }
        }
    }

    /// The strong postings, written through a pointer (`filter` checked
    /// for sharing at each one it kept).
    private static func strongOnes(of postings: ArraySlice<UInt32>) -> [UInt32] {
        [UInt32](unsafeUninitializedCapacity: postings.count) { strong, written in
            var count = 0
            postings.withUnsafeBufferPointer { postings in
                for posting in postings where posting & 1 == 1 {
                    strong[count] = posting
                    count += 1
                }
            }
            written = count
        }
    }

    /// The postings `encode` wrote; nil for text it cannot have written.
    public static func decode(_ text: [UInt8]) -> [UInt32]? {
        if text.first == UInt8(ascii: "~") {
            guard let end = text.dropFirst().firstIndex(of: UInt8(ascii: "~")),
                  let strongList = decodeGaps(text[(end + 1)...]) else { return nil }
            let strongNumbers = Set(strongList.map { $0 >> 1 })
            var postings: [UInt32] = []
            for (offset, character) in text[1..<end].enumerated() {
                guard let bits = digit(character) else { return nil }
                for bit in 0..<6 where bits & (1 << bit) != 0 {
                    let number = UInt32(offset * 6 + bit)
                    postings.append(number << 1 | (strongNumbers.contains(number) ? 1 : 0))
                }
            }
            return postings
        }
        return decodeGaps(text[...])
    }

    /// A posting's value in the gap form: its distance from the one before, less one, and its strong flag.
    @inline(__always)
    private static func gapValue(_ posting: UInt32, after previous: inout Int64) -> UInt64 {
        let number = Int64(posting >> 1)
        defer { previous = number }
        return UInt64(number - previous - 1) << 1 | UInt64(posting & 1)
    }

    /// How many base-32 digits a value takes (at least one).
    @inline(__always)
    private static func digitCount(_ value: UInt64) -> Int {
        max(1, (64 - value.leadingZeroBitCount + 4) / 5)
    }

    private static func gapFormLength(_ postings: ArraySlice<UInt32>) -> Int {
        var previous: Int64 = -1
        var length = 0
        postings.withUnsafeBufferPointer { postings in
            for posting in postings {
                let value = gapValue(posting, after: &previous)
                length += value < 32 ? 1 : digitCount(value)
            }
        }
        return length
    }

    /// The gap form, `length` characters (`gapFormLength`).
    private static func gapForm(_ postings: ArraySlice<UInt32>, length: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: length) { output, written in
            alphabet.withUnsafeBufferPointer { digits in
                postings.withUnsafeBufferPointer { postings in
                    var previous: Int64 = -1
                    var at = 0
                    for posting in postings {
                        let value = gapValue(posting, after: &previous)
                        // Most posts of a list are near the one before: one digit.
                        if value < 32 {
                            output[at] = digits[Int(value)]
                            at += 1
                            continue
                        }
                        // Most significant digit first; every digit but the last is marked as continuing (+32).
                        for position in stride(from: digitCount(value) - 1, through: 0, by: -1) {
                            output[at] = digits[Int((value >> (5 * UInt64(position))) & 31) + (position > 0 ? 32 : 0)]
                            at += 1
                        }
                    }
                    written = at
                }
            }
        }
    }

    private static func decodeGaps(_ text: ArraySlice<UInt8>) -> [UInt32]? {
        var postings: [UInt32] = []
        var previous: Int64 = -1
        var value: UInt64 = 0
        var continuing = false
        for character in text {
            guard let digit = digit(character), value < 1 << 40 else { return nil }
            value = value << 5 | UInt64(digit & 31)
            continuing = digit >= 32
            if !continuing {
                let number = previous + 1 + Int64(value >> 1)
                guard number <= Int64(UInt32.max >> 1) else { return nil }
                postings.append(UInt32(number) << 1 | UInt32(value & 1))
                previous = number
                value = 0
            }
        }
        return continuing ? nil : postings
    }

    private static func digit(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 36
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }
}
