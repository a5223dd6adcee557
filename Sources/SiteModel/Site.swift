/// Everything `content/` holds, validated: the input of every later step.
public struct Site: Sendable {
    public let config: SiteConfig
    /// In the order of `site.json`, else by slug.
    public let categories: [Category]
    /// Problems that do not stop the build, such as unknown keys.
    public let warnings: [Diagnostic]

    public init(config: SiteConfig, categories: [Category], warnings: [Diagnostic] = []) {
        self.config = config
        self.categories = categories
        self.warnings = warnings
    }

    /// Every post of the site in reading order, the order of the home page and feed.
    public var allPostsInReadingOrder: [Post] {
        categories.flatMap(\.posts).sorted(by: Post.readingOrder)
    }
}
