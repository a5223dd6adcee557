/// Everything `content/` holds, validated: the input of every later step.
public struct Site: Sendable, Hashable {
    public let config: SiteConfig
    /// In the order of `site.json`, else by slug.
    public let categories: [Category]
    /// Every tag of the posts shown, by slug.
    public let tags: [Tag]
    /// The files beside the index files of post folders, of the posts the site shows.
    public let bundleFiles: [BundleFile]
    /// Problems that do not stop the build, such as unknown keys.
    public let warnings: [Diagnostic]

    public init(config: SiteConfig, categories: [Category], tags: [Tag] = [], bundleFiles: [BundleFile] = [],
                warnings: [Diagnostic] = []) {
        self.config = config
        self.categories = categories
        self.tags = tags
        self.bundleFiles = bundleFiles
        self.warnings = warnings
    }

    /// The first `count` posts of the whole site in reading order: what the
    /// home page and the site feed show. Merged from the categories, which are
    /// each in that order already, so no sort of the whole site is needed.
    public func newestPosts(_ count: Int) -> [Post] {
        var cursors = Array(repeating: 0, count: categories.count)
        var newest: [Post] = []
        while newest.count < count {
            var pick: (category: Int, post: Post)?
            for (index, category) in categories.enumerated() where cursors[index] < category.posts.count {
                let candidate = category.posts[cursors[index]]
                if pick.map({ Post.readingOrder(candidate, $0.post) }) ?? true { pick = (index, candidate) }
            }
            guard let pick else { break }
            newest.append(pick.post)
            cursors[pick.category] += 1
        }
        return newest
    }
}
