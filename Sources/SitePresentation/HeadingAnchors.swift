/// Gives a body's headings their ids, GitHub style: lowercase, letters,
/// marks and digits of any script kept with `-` and `_`, each space a `-`,
/// other punctuation dropped. A Chinese heading keeps its characters.
/// Duplicates get `-1`, `-2`; an empty one is `section`; ids the theme uses
/// are never given out.
struct HeadingAnchors {
    /// The ids given out so far, as bytes. A body has a few headings: they
    /// are compared one by one, which costs less than hashing each, until
    /// there are `setFrom` of them; from then on they are kept in `many` too.
    private var few: [[UInt8]] = []
    private var many: Set<[UInt8]> = []
    private static let setFrom = 32
    private static let themeIDs = ThemeIDs.onPostPages.map { Array($0.utf8) }
    private static let fallback = Array("section".utf8)

    /// The id of a heading whose text is `title`, in UTF-8: what a heading
    /// gets as the body is walked, with no string made of its text first.
    mutating func id(for title: [UInt8]) -> [UInt8] {
        var base = Self.asciiSlug(title) ?? Array(Self.slug(String(decoding: title, as: UTF8.self)).utf8)
        if base.isEmpty { base = Self.fallback }
        var candidate = base
        var suffix = 0
        while Self.themeIDs.contains(candidate) || !insert(candidate) {
            suffix += 1
            candidate = base + Array("-\(suffix)".utf8)
        }
        return candidate
    }

    mutating func id(for title: String) -> String {
        String(decoding: id(for: Array(title.utf8)), as: UTF8.self)
    }

    /// Whether `id` was new, then given out.
    private mutating func insert(_ id: [UInt8]) -> Bool {
        guard few.count >= Self.setFrom else {
            if few.contains(id) { return false }
            if few.isEmpty { few.reserveCapacity(8) }
            few.append(id)
            if few.count == Self.setFrom { many = Set(few) }
            return true
        }
        return many.insert(id).inserted
    }

    /// Only letters, marks, digits, `-` and `_` come out: nothing that needs escaping in an attribute.
    static func slug(_ title: String) -> String {
        if let ascii = asciiSlug(Array(title.utf8)) { return String(decoding: ascii, as: UTF8.self) }
        var slug: [UInt8] = []
        slug.reserveCapacity(title.utf8.count)
        for scalar in title.unicodeScalars {
            let value = scalar.value
            if scalar.isASCII {
                if let byte = asciiSlugByte(UInt8(value)) { slug.append(byte) }
                continue
            }
            // What the Unicode properties below say of the letters of
            // European and CJK headings, settled without looking them up.
            switch value {
            case 0xC0...0xDE where value != 0xD7:  // Latin-1 capitals: lowercase is 0x20 on
                UTF8.encode(Unicode.Scalar(UInt8(value + 0x20))) { slug.append($0) }
                continue
            case 0xDF...0xFF where value != 0xF7, 0x4E00...0x9FFF, 0xAC00...0xD7A3:  // lowercase Latin-1, Han, Hangul syllables
                UTF8.encode(scalar) { slug.append($0) }
                continue
            default:
                break
            }
            switch scalar.properties.generalCategory {
            // Letters without case (Han, Kana, Hangul…) are their own lowercase.
            case .otherLetter, .modifierLetter, .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .otherNumber:
                UTF8.encode(scalar) { slug.append($0) }
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .letterNumber:
                slug.append(contentsOf: String(scalar).lowercased().utf8)
            default:
                break
            }
        }
        return String(decoding: slug, as: UTF8.self)
    }

    /// Most titles are ASCII: their slug is made a byte at a time from a
    /// table. Nil when the title has a byte beyond ASCII.
    private static func asciiSlug(_ title: [UInt8]) -> [UInt8]? {
        var slug: [UInt8] = []
        slug.reserveCapacity(title.count)
        let complete = asciiSlugBytes.withUnsafeBufferPointer { table in
            for byte in title {
                let kept = table[Int(byte)]
                if kept == 0 { continue }
                if kept == 0xFF { return false }
                slug.append(kept)
            }
            return true
        }
        return complete ? slug : nil
    }

    /// By byte: what it becomes in a slug, 0 when it is dropped, 0xFF beyond ASCII.
    private static let asciiSlugBytes: [UInt8] = (0...255).map { byte in
        byte >= 0x80 ? 0xFF : asciiSlugByte(UInt8(byte)) ?? 0
    }

    /// What an ASCII byte becomes in a slug: letters lowercased, digits and
    /// `_` kept, a space or `-` a `-`, nil for other punctuation.
    private static func asciiSlugByte(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x20, 0x2D: 0x2D
        case 0x41...0x5A: byte | 0x20
        case 0x30...0x39, 0x61...0x7A, 0x5F: byte
        default: nil
        }
    }
}
