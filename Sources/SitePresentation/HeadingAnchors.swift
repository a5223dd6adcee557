/// Gives a body's headings their ids, GitHub style: lowercase, letters,
/// marks and digits of any script kept with `-` and `_`, each space a `-`,
/// other punctuation dropped. A Chinese heading keeps its characters.
/// Duplicates get `-1`, `-2`; an empty one is `section`; ids the theme uses
/// are never given out.
struct HeadingAnchors {
    /// The ids given out so far (the theme's are checked apart, so no body
    /// copies that set), with room for a long post's headings from the start.
    private var used = Set<String>(minimumCapacity: 32)

    mutating func id(for title: String) -> String {
        var base = Self.slug(title)
        if base.isEmpty { base = "section" }
        var candidate = base
        var suffix = 0
        while ThemeIDs.onPostPages.contains(candidate) || !used.insert(candidate).inserted {
            suffix += 1
            candidate = "\(base)-\(suffix)"
        }
        return candidate
    }

    /// Only letters, marks, digits, `-` and `_` come out: nothing that needs escaping in an attribute.
    static func slug(_ title: String) -> String {
        if let ascii = title.utf8.withContiguousStorageIfAvailable(asciiSlug), let ascii { return ascii }
        var slug: [UInt8] = []
        slug.reserveCapacity(title.utf8.count)
        for scalar in title.unicodeScalars {
            if scalar.isASCII {
                if let byte = asciiSlugByte(UInt8(scalar.value)) { slug.append(byte) }
                continue
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
