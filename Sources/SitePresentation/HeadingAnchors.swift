/// Gives a body's headings their ids, GitHub style: lowercase, letters,
/// marks and digits of any script kept with `-` and `_`, each space a `-`,
/// other punctuation dropped. A Chinese heading keeps its characters.
/// Duplicates get `-1`, `-2`; an empty one is `section`; ids the theme uses
/// are never given out.
struct HeadingAnchors {
    /// The ids given out so far (the theme's are checked apart, so no body copies that set).
    private var used: Set<String> = []

    mutating func id(for title: String) -> String {
        var base = Self.slug(title)
        if base.isEmpty { base = "section" }
        var candidate = base
        var suffix = 0
        while used.contains(candidate) || ThemeIDs.onPostPages.contains(candidate) {
            suffix += 1
            candidate = "\(base)-\(suffix)"
        }
        used.insert(candidate)
        return candidate
    }

    /// Only letters, marks, digits, `-` and `_` come out: nothing that needs escaping in an attribute.
    static func slug(_ title: String) -> String {
        var slug: [UInt8] = []
        slug.reserveCapacity(title.utf8.count)
        for scalar in title.unicodeScalars {
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                switch byte {
                case 0x20, 0x2D: slug.append(0x2D)
                case 0x41...0x5A: slug.append(byte | 0x20)
                case 0x30...0x39, 0x61...0x7A, 0x5F: slug.append(byte)
                default: break
                }
            } else if Self.isWordCharacter(scalar) {
                slug.append(contentsOf: String(scalar).lowercased().utf8)
            }
        }
        return String(decoding: slug, as: UTF8.self)
    }

    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }
}
