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
    ///
    /// It runs before any page can be made, on one thread, and a site has
    /// tens of thousands of tag uses: each name is looked up once a use, its
    /// slug made and checked once, and each tag's posts come in reading order
    /// from one sort of all the posts rather than a sort per tag.
    static func group(_ posts: [Post], _ diagnostics: inout [Diagnostic]) -> [Tag] {
        var tags = Grouping()
        // In the order given, the order problems are reported in: each post's
        // tags as the numbers of their slugs, each with the post's first spelling of it.
        var tagsOfPost: [[(number: Int, spelling: String)]] = []
        tagsOfPost.reserveCapacity(posts.count)
        for post in posts {
            var mine: [(number: Int, spelling: String)] = []
            for name in post.details.tags {
                guard let number = tags.number(of: name, in: post, &diagnostics) else { continue }
                if !mine.contains(where: { $0.number == number }) { mine.append((number, name)) }
            }
            tagsOfPost.append(mine)
        }
        // In reading order, ties in the order given, as sorting each tag's posts would have it.
        let readingOrder = posts.indices.sorted { left, right in
            Post.readingOrder(posts[left], posts[right]) || (!Post.readingOrder(posts[right], posts[left]) && left < right)
        }
        var members = [[Post]](repeating: [], count: tags.slugs.count)
        var spellingCounts = [[(name: String, count: Int)]](repeating: [], count: tags.slugs.count)
        for index in readingOrder {
            for (number, spelling) in tagsOfPost[index] {
                members[number].append(posts[index])
                if let place = spellingCounts[number].firstIndex(where: { $0.name == spelling }) {
                    spellingCounts[number][place].count += 1
                } else {
                    spellingCounts[number].append((spelling, 1))
                }
            }
        }
        let spellings = tags.spellingsByNumber()
        return tags.slugs.indices.sorted { tags.slugs[$0] < tags.slugs[$1] }.map { number in
            Tag(slug: tags.slugs[number], name: majoritySpelling(spellingCounts[number]) ?? tags.slugs[number],
                posts: members[number], spellings: spellings[number])
        }
    }

    /// The spelling most posts use; a tie goes to the one met first in reading order.
    private static func majoritySpelling(_ counts: [(name: String, count: Int)]) -> String? {
        var best: (name: String, count: Int)?
        for candidate in counts where candidate.count > (best?.count ?? 0) { best = candidate }
        return best?.name
    }

    /// What `group` knows of each tag name it has met: the number of its
    /// slug, or why it is refused. Decided when the name is first met, and
    /// never changed after: the first name of a slug is fixed once taken.
    private struct Grouping {
        enum Resolution {
            case tag(Int)
            case noSlug
            case slugTooLong
            /// The slug is that of tag `number`, first named otherwise.
            case collides(Int)
        }

        private var resolutions: [String: Resolution] = [:]
        private var numbers: [String: Int] = [:]
        private(set) var slugs: [String] = []
        private var firstUses: [(name: String, post: Post)] = []

        /// The number of the tag `name` stands for in `post`, or nil with the problem reported.
        mutating func number(of name: String, in post: Post, _ diagnostics: inout [Diagnostic]) -> Int? {
            let resolution = resolutions[name] ?? resolve(name, firstIn: post)
            switch resolution {
            case .tag(let number):
                return number
            case .noSlug:
                diagnostics.append(.error("the tag '\(name)' has no letter or digit to make its address from; rename it",
                                          in: post.sourcePath))
            case .slugTooLong:
                diagnostics.append(.error("the tag '\(name)' is too long for a folder name (at most \(maximumSlugBytes) bytes)",
                                          in: post.sourcePath))
            case .collides(let number):
                let first = firstUses[number]
                diagnostics.append(.error("the tags '\(name)' and '\(first.name)' (in \(first.post.sourcePath)) would share the "
                                          + "address tags/\(slugs[number])/; rename one of them", in: post.sourcePath))
            }
            return nil
        }

        private mutating func resolve(_ name: String, firstIn post: Post) -> Resolution {
            let slug = Tag.slug(for: name)
            let resolution: Resolution
            if slug.isEmpty {
                resolution = .noSlug
            } else if slug.utf8.count > maximumSlugBytes {
                resolution = .slugTooLong
            } else if let number = numbers[slug] {
                let first = firstUses[number].name
                resolution = first == name || first.lowercased() == name.lowercased() ? .tag(number) : .collides(number)
            } else {
                numbers[slug] = slugs.count
                resolution = .tag(slugs.count)
                slugs.append(slug)
                firstUses.append((name, post))
            }
            resolutions[name] = resolution
            return resolution
        }

        /// By tag number, every name met that stands for the tag.
        func spellingsByNumber() -> [Set<String>] {
            var spellings = [Set<String>](repeating: [], count: slugs.count)
            for (name, resolution) in resolutions {
                if case .tag(let number) = resolution { spellings[number].insert(name) }
            }
            return spellings
        }
    }
}
