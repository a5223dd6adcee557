/// Turns the bytes of `site.json` into a `SiteConfig`, or says what is wrong.
enum SiteConfigReader {
    static func read(_ bytes: [UInt8], path: String, baseURLOverride: String?) -> (SiteConfig?, [Diagnostic]) {
        var fields: ObjectReader
        switch ObjectReader.parse(bytes, path: path, describing: "site settings") {
        case .success(let object): fields = object
        case .failure(let problem): return (nil, [problem])
        }
        let title = fields.requiredString("title")
        let baseURL = readBaseURL(&fields, override: baseURLOverride)
        let description = fields.optionalString("description") ?? ""
        let language = fields.optionalString("language") ?? "en"
        var pageSize = SiteConfig.defaultPageSize
        if let size = fields.optionalInteger("pageSize") {
            if size >= 1 {
                pageSize = size
            } else {
                fields.error("'pageSize' must be at least 1", at: fields.node("pageSize")?.location)
            }
        }
        let categories = readCategories(&fields)
        let markdown = readMarkdownOptions(&fields)
        let search = fields.optionalBool("search") ?? true
        let author = fields.optionalString("author") ?? ""
        let license = readLicense(&fields)
        fields.warnAboutUnknownKeys()
        guard let title, let baseURL, !fields.diagnostics.contains(where: { $0.severity == .error }) else {
            return (nil, fields.diagnostics)
        }
        let config = SiteConfig(title: title, baseURL: baseURL, description: description, language: language,
                                pageSize: pageSize, categories: categories, markdown: markdown, search: search,
                                author: author, license: license)
        return (config, fields.diagnostics)
    }

    private static func readBaseURL(_ fields: inout ObjectReader, override: String?) -> BaseURL? {
        if let override {
            _ = fields.node("baseURL")
            guard let url = BaseURL(override) else {
                fields.error("--base-url must be an absolute http or https URL, not '\(override)'", at: nil)
                return nil
            }
            return url
        }
        guard let text = fields.requiredString("baseURL") else { return nil }
        guard let url = BaseURL(text) else {
            fields.error("'baseURL' must be an absolute http or https URL such as 'https://example.org/blog/', not '\(text)'",
                         at: fields.node("baseURL")?.location)
            return nil
        }
        return url
    }

    private static func readCategories(_ fields: inout ObjectReader) -> [SiteConfig.CategorySettings]? {
        guard let node = fields.node("categories") else { return nil }
        guard case .array(let elements) = node.value else {
            fields.error("'categories' must be an array, not \(node.kindName)", at: node.location)
            return nil
        }
        var categories: [SiteConfig.CategorySettings] = []
        var seen: Set<String> = []
        for element in elements {
            guard var entry = ObjectReader(element, path: fields.path) else {
                fields.error("each category must be an object with 'slug' and 'title', not \(element.kindName)", at: element.location)
                continue
            }
            let slug = entry.requiredString("slug")
            let slugLocation = entry.node("slug")?.location ?? element.location
            let title = entry.requiredString("title")
            let description = entry.optionalString("description") ?? ""
            entry.warnAboutUnknownKeys()
            for diagnostic in entry.diagnostics { fields.appendDiagnostic(diagnostic) }
            guard let slug, let title else { continue }
            if let problem = Slug.problem(with: slug) {
                fields.error("category slug '\(slug)' \(problem)", at: slugLocation)
            } else if Slug.reservedCategoryNames.contains(slug) {
                fields.error("category slug '\(slug)' is reserved for the build's own output; choose another", at: slugLocation)
            } else if !seen.insert(slug).inserted {
                fields.error("category '\(slug)' is listed twice; remove one of them", at: slugLocation)
            } else {
                categories.append(SiteConfig.CategorySettings(slug: slug, title: title, description: description,
                                                              location: slugLocation))
            }
        }
        return categories
    }

    /// `{ "text": "CC BY 4.0", "url": "https://…" }`, the URL optional.
    private static func readLicense(_ fields: inout ObjectReader) -> SiteConfig.License? {
        guard let node = fields.node("license") else { return nil }
        guard var entry = ObjectReader(node, path: fields.path) else {
            fields.error("'license' must be an object with 'text' and 'url', not \(node.kindName)", at: node.location)
            return nil
        }
        let text = entry.requiredString("text")
        let url = entry.optionalString("url")
        entry.warnAboutUnknownKeys()
        for diagnostic in entry.diagnostics { fields.appendDiagnostic(diagnostic) }
        return text.map { SiteConfig.License(text: $0, url: url) }
    }

    private static func readMarkdownOptions(_ fields: inout ObjectReader) -> SiteConfig.MarkdownOptions {
        guard let node = fields.node("markdown") else { return SiteConfig.MarkdownOptions() }
        guard var options = ObjectReader(node, path: fields.path) else {
            fields.error("'markdown' must be an object, not \(node.kindName)", at: node.location)
            return SiteConfig.MarkdownOptions()
        }
        let result = SiteConfig.MarkdownOptions(unsafeHTML: options.optionalBool("unsafeHTML") ?? false,
                                                smartPunctuation: options.optionalBool("smartPunctuation") ?? false,
                                                highlight: options.optionalBool("highlight") ?? true,
                                                lineNumbers: options.optionalBool("lineNumbers") ?? false)
        options.warnAboutUnknownKeys()
        for diagnostic in options.diagnostics { fields.appendDiagnostic(diagnostic) }
        return result
    }
}
