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

    /// `postings` sorted by post number, each `number << 1 | strong`.
    public static func encode(_ postings: [UInt32]) -> [UInt8] {
        let gaps = gapForm(postings)
        guard let last = postings.last, gaps.count > Int(last >> 1) / 6 + 3 else { return gaps }
        var bitmap = [UInt8](repeating: 0, count: Int(last >> 1) / 6 + 1)
        for posting in postings {
            let number = Int(posting >> 1)
            bitmap[number / 6] |= 1 << UInt8(number % 6)
        }
        let strongList = gapForm(postings.filter { $0 & 1 == 1 })
        guard bitmap.count + strongList.count + 2 < gaps.count else { return gaps }
        return [UInt8(ascii: "~")] + bitmap.map { alphabet[Int($0)] } + [UInt8(ascii: "~")] + strongList
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

    private static func gapForm(_ postings: [UInt32]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(postings.count)
        var previous: Int64 = -1
        for posting in postings {
            let number = Int64(posting >> 1)
            let value = UInt64(number - previous - 1) << 1 | UInt64(posting & 1)
            previous = number
            // Most significant digit first: count the digits, then write them from the last.
            var count = 1
            while value >> (5 * count) > 0 { count += 1 }
            for position in stride(from: count - 1, through: 0, by: -1) {
                output.append(alphabet[Int((value >> (5 * UInt64(position))) & 31) + (position > 0 ? 32 : 0)])
            }
        }
        return output
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
