/// Gives a body's headings their ids, GitHub style: lowercase, letters,
/// marks and digits of any script kept with `-` and `_`, each space a `-`,
/// other punctuation dropped. A Chinese heading keeps its characters.
/// Duplicates get `-1`, `-2`; an empty one is `section`; ids the theme uses
/// are never given out.
struct HeadingAnchors {
    /// The ids given out so far. A body has a few headings: they are compared
    /// one by one, which costs less than hashing each, until there are
    /// `setFrom` of them; from then on they are kept in `many` too.
    private var few: [String] = []
    private var many: Set<[UInt8]> = []
    private static let setFrom = 32

    mutating func id(for title: String) -> String {
        var base = Self.slug(title)
        if base.isEmpty { base = "section" }
        var candidate = base
        var suffix = 0
        while ThemeIDs.onPostPages.contains(where: { Self.same($0, candidate) }) || !insert(candidate) {
            suffix += 1
            candidate = "\(base)-\(suffix)"
        }
        return candidate
    }

    /// Whether `id` was new, then given out.
    private mutating func insert(_ id: String) -> Bool {
        guard few.count >= Self.setFrom else {
            if few.contains(where: { Self.same($0, id) }) { return false }
            few.append(id)
            if few.count == Self.setFrom { many = Set(few.map { Array($0.utf8) }) }
            return true
        }
        return many.insert(Array(id.utf8)).inserted
    }

    /// Ids are the same when their bytes are, as HTML compares them (two
    /// spellings of `é` are two ids); most differ in length, found at once.
    private static func same(_ first: String, _ second: String) -> Bool {
        first.utf8.count == second.utf8.count && first.utf8.elementsEqual(second.utf8)
    }

    /// Only letters, marks, digits, `-` and `_` come out: nothing that needs escaping in an attribute.
    static func slug(_ title: String) -> String {
        if let ascii = title.utf8.withContiguousStorageIfAvailable(asciiSlug), let ascii { return ascii }
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

    /// Most titles are ASCII: their slug is written straight into the
    /// string, a byte at a time. Nil when the title has a byte beyond ASCII.
    private static func asciiSlug(_ title: UnsafeBufferPointer<UInt8>) -> String? {
        for byte in title where byte >= 0x80 { return nil }
        return String(unsafeUninitializedCapacity: title.count) { slug in
            var count = 0
            for byte in title {
                guard let kept = asciiSlugByte(byte) else { continue }
                slug[count] = kept
                count += 1
            }
            return count
        }
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
