/// Posts that share a tag, across categories, in reading order. `Swift` and
/// `swift` are one tag; it is named as most of its posts spell it.
public struct Tag: Sendable, Hashable {
    /// The folder name under `tags/`: letters and digits of any script kept,
    /// lowercased, every run of other characters one `-` (`Core Data` →
    /// `core-data`, `视图控制器` stays). Never empty.
    public let slug: String
    public let name: String
    public let posts: [Post]
    /// Every spelling its posts use (`Swift`, `swift`), so that a post's tag is found without making its slug again.
    public let spellings: Set<String>

    public init(slug: String, name: String, posts: [Post], spellings: Set<String> = []) {
        self.slug = slug
        self.name = name
        self.posts = posts
        self.spellings = spellings.union([name])
    }

    /// Longer slugs would make file names some file systems refuse.
    static let maximumSlugBytes = 100

    public static func slug(for name: String) -> String {
        var slug = ""
        var pendingDash = false
        for scalar in name.unicodeScalars {
            if scalar.isASCII {
                let isLetterOrDigit = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                if isLetterOrDigit {
                    if pendingDash, !slug.isEmpty { slug += "-" }
                    pendingDash = false
                    slug.unicodeScalars.append(("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar)
                } else {
                    pendingDash = true
                }
                continue
            }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
                if pendingDash, !slug.isEmpty { slug += "-" }
                pendingDash = false
                slug += String(scalar).lowercased()
            default:
                pendingDash = true
            }
        }
        return slug
    }

    /// Every tag of `posts`, by slug; an error for a tag without a slug, with
    /// a slug too long, or whose slug another tag (not only differently cased) has.
    static func group(_ posts: [Post], _ diagnostics: inout [Diagnostic]) -> [Tag] {
        var bySlug: [String: [Post]] = [:]
        var firstName: [String: (name: String, post: Post)] = [:]
        var spellings: [String: Set<String>] = [:]
        // A few hundred names, each on many posts: each slug is made once.
        var slugs: [String: String] = [:]
        for post in posts {
            var seen: Set<String> = []
            for name in post.details.tags {
                let slug: String
                if let known = slugs[name] {
                    slug = known
                } else {
                    slug = Self.slug(for: name)
                    slugs[name] = slug
                }
                if slug.isEmpty {
                    diagnostics.append(.error("the tag '\(name)' has no letter or digit to make its address from; rename it",
                                              in: post.sourcePath))
                    continue
                }
                if slug.utf8.count > maximumSlugBytes {
                    diagnostics.append(.error("the tag '\(name)' is too long for a folder name (at most \(maximumSlugBytes) bytes)",
                                              in: post.sourcePath))
                    continue
                }
                if let first = firstName[slug], first.name != name, first.name.lowercased() != name.lowercased() {
                    diagnostics.append(.error("the tags '\(name)' and '\(first.name)' (in \(first.post.sourcePath)) would share the "
                                              + "address tags/\(slug)/; rename one of them", in: post.sourcePath))
                    continue
                }
                if firstName[slug] == nil { firstName[slug] = (name, post) }
                spellings[slug, default: []].insert(name)
                if seen.insert(slug).inserted { bySlug[slug, default: []].append(post) }
            }
        }
        return bySlug.keys.sorted().compactMap { slug in
            guard let tagged = bySlug[slug] else { return nil }
            let ordered = tagged.sorted(by: Post.readingOrder)
            return Tag(slug: slug, name: majoritySpelling(of: slug, in: ordered, slugs: slugs), posts: ordered,
                       spellings: spellings[slug] ?? [])
        }
    }

    /// The spelling most posts use; a tie goes to the one met first in reading order.
    private static func majoritySpelling(of slug: String, in posts: [Post], slugs: [String: String]) -> String {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for post in posts {
            for name in post.details.tags where (slugs[name] ?? Self.slug(for: name)) == slug {
                if counts[name] == nil { order.append(name) }
                counts[name, default: 0] += 1
                break
            }
        }
        return order.max { lhs, rhs in
            let (left, right) = (counts[lhs] ?? 0, counts[rhs] ?? 0)
            return left != right ? left < right : (order.firstIndex(of: lhs) ?? 0) > (order.firstIndex(of: rhs) ?? 0)
        } ?? slug
    }
}
