/// The settings of `content/site.json`, with the defaults of the contract applied.
public struct SiteConfig: Sendable, Hashable {
    /// How cmark treats post bodies; safe unless the author opts out.
    public struct MarkdownOptions: Sendable, Hashable {
        public var unsafeHTML: Bool
        public var smartPunctuation: Bool
        /// Colours fenced code blocks that name a known language (on unless turned off).
        public var highlight: Bool
        /// Numbers the lines of highlighted code blocks; a block's `linenos`
        /// or `nolinenos` overrides it.
        public var lineNumbers: Bool

        public init(unsafeHTML: Bool = false, smartPunctuation: Bool = false, highlight: Bool = true,
                    lineNumbers: Bool = false) {
            self.unsafeHTML = unsafeHTML
            self.smartPunctuation = smartPunctuation
            self.highlight = highlight
            self.lineNumbers = lineNumbers
        }
    }

    /// A category as `site.json` names it; its position sets the site's order.
    public struct CategorySettings: Sendable, Hashable {
        public let slug: String
        public let title: String
        public let description: String
        /// Where `site.json` names the category, for messages about it.
        public let location: SourceLocation?

        public init(slug: String, title: String, description: String = "", location: SourceLocation? = nil) {
            self.slug = slug
            self.title = title
            self.description = description
            self.location = location
        }
    }

    /// The licence every post is published under, shown at its end.
    public struct License: Sendable, Hashable {
        public let text: String
        public let url: String?

        public init(text: String, url: String? = nil) {
            self.text = text
            self.url = url
        }
    }

    public static let defaultPageSize = 20

    public var title: String
    public var baseURL: BaseURL
    public var description: String
    public var language: String
    public var pageSize: Int
    /// Nil when `site.json` leaves the categories to the folders.
    public var categories: [CategorySettings]?
    public var markdown: MarkdownOptions
    /// Whether the build writes a search page and its index (`search`, default true).
    public var search: Bool
    /// Who wrote a post that does not say; empty for nobody named.
    public var author: String
    public var license: License?

    public init(title: String, baseURL: BaseURL, description: String = "", language: String = "en",
                pageSize: Int = SiteConfig.defaultPageSize, categories: [CategorySettings]? = nil,
                markdown: MarkdownOptions = MarkdownOptions(), search: Bool = true, author: String = "",
                license: License? = nil) {
        self.title = title
        self.baseURL = baseURL
        self.description = description
        self.language = language
        self.pageSize = pageSize
        self.categories = categories
        self.markdown = markdown
        self.search = search
        self.author = author
        self.license = license
    }
}
