/// Gives a body's headings their ids, GitHub style: lowercase, letters,
/// marks and digits of any script kept with `-` and `_`, each space a `-`,
/// other punctuation dropped. A Chinese heading keeps its characters.
/// Duplicates get `-1`, `-2`; an empty one is `section`; ids the theme uses
/// are never given out.
struct HeadingAnchors {
    /// The ids the default theme puts on its own elements around a body.
    static let themeIDs: Set<String> = ["main", "toc", "toc-title", "post-meta", "post-tags", "post-license"]
    private var used = HeadingAnchors.themeIDs

    mutating func id(for title: String) -> String {
        var base = Self.slug(title)
        if base.isEmpty { base = "section" }
        var candidate = base
        var suffix = 0
        while used.contains(candidate) {
            suffix += 1
            candidate = "\(base)-\(suffix)"
        }
        used.insert(candidate)
        return candidate
    }

    static func slug(_ title: String) -> String {
        var slug = ""
        slug.unicodeScalars.reserveCapacity(title.unicodeScalars.count)
        for scalar in title.lowercased().unicodeScalars {
            if scalar == " " || scalar == "-" {
                slug.unicodeScalars.append("-")
            } else if scalar == "_" || Self.isWordCharacter(scalar) {
                slug.unicodeScalars.append(scalar)
            }
        }
        return slug
    }

    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") || (scalar >= "A" && scalar <= "Z")
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }
}
