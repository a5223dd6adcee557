/// Reads and validates a whole `content/` folder before anything is rendered.
///
/// Every problem in every file is collected, so one run reports them all;
/// `load()` returns a `Site` only when none of them is an error.
public struct ContentLoader: Sendable {
    public struct Options: Sendable {
        public var includeDrafts: Bool
        /// Replaces `baseURL` of `site.json` (the `--base-url` option).
        public var baseURLOverride: String?
        public var jobs: Int
        /// Nanoseconds a file must have been unchanged before a cache may trust its stamp.
        public var settlingTime: Int64
        /// Makes a body's outline (reading length, heading ids, links) when
        /// its file is read, parsed with the site's Markdown options (the model
        /// knows no Markdown: the build passes cmark's walk); nil leaves it empty.
        public var outline: Outliner?

        /// `post`: the post read, without its outline; `config`: the site's,
        /// whose Markdown options and address (whose links alone the outline
        /// needs) it depends on; nil when `site.json` could not be read.
        public typealias Outliner = @Sendable (_ post: Post, _ body: [UInt8], _ config: SiteConfig?) -> BodyOutline

        public init(includeDrafts: Bool = false, baseURLOverride: String? = nil, jobs: Int = 1,
                    settlingTime: Int64 = PostCache.settlingTime, outline: Outliner? = nil) {
            self.includeDrafts = includeDrafts
            self.baseURLOverride = baseURLOverride
            self.jobs = jobs
            self.settlingTime = settlingTime
            self.outline = outline
        }
    }

    /// Names what a post's outline depends on beyond its file: the options
    /// that change how cmark parses a body (smart punctuation turns `--`
    /// into a dash, and so a heading's id) and the site's address (which
    /// links are the site's), or no outline at all.
    func outlineKey(_ config: SiteConfig?) -> String {
        guard options.outline != nil else { return "" }
        let markdown = config?.markdown ?? SiteConfig.MarkdownOptions()
        return "outline 1 smart \(markdown.smartPunctuation) unsafe \(markdown.unsafeHTML) site \(config?.baseURL.origin ?? "")"
    }

    /// The post with its body's outline, when the loader makes outlines.
    func outlined(_ reading: PostReader.Reading, bytes: [UInt8], config: SiteConfig?) -> Post? {
        guard let outline = options.outline, let post = reading.post,
              let body = reading.decodedBody ?? post.markdown(in: bytes) else { return reading.post }
        return post.with(outline: outline(post, body, config))
    }

    public let contentDirectory: String
    public let options: Options

    public init(contentDirectory: String, options: Options = Options()) {
        self.contentDirectory = contentDirectory
        self.options = options
    }

    public func load() throws(DiagnosticsError) -> Site {
        try load(reusing: nil).site
    }

    /// Loads like `load()`, taking from `cache` every post whose file is
    /// unchanged; returns the cache for the next build too.
    ///
    /// `changes`, when known, lists every path (relative to the content
    /// folder) written since `cache` was made, as a file watcher saw them: a
    /// cached post outside it is taken without even a `stat`, and a post read
    /// now is cached at once, since the watcher reports any later write.
    public func load(reusing cache: PostCache?, changes: ContentChanges = .unknown) throws(DiagnosticsError)
        -> (site: Site, cache: PostCache) {
        var diagnostics: [Diagnostic] = []
        let config = loadConfig(&diagnostics)
        let outlineKey = outlineKey(config)
        let cache = cache?.outlineKey == outlineKey ? cache : nil
        let folders = postFolders(&diagnostics)
        let files = postFiles(in: folders, &diagnostics)
        let start = FileStamp.now
        let results = files.parallelMap(jobs: options.jobs) { file in
            var result = readPost(file, cache: cache, changes: changes, settledBefore: start, config: config)
            if let post = result.post { result.takeFiles(of: file, post: post) }
            return result
        }
        let posts = results.compactMap(\.post)
        diagnostics += results.flatMap(\.diagnostics)
        diagnostics += duplicateIDs(files)
        let categories = config.map { assembleCategories(config: $0, folders: folders, posts: posts, &diagnostics) } ?? []
        let tags = Tag.group(categories.flatMap(\.posts), &diagnostics)
        var bundleFiles: [BundleFile] = []
        for result in results {
            guard let post = result.post, options.includeDrafts || !post.isDraft else { continue }
            bundleFiles += result.files
        }
        guard let config, !diagnostics.contains(where: { $0.severity == .error }) else {
            throw DiagnosticsError(diagnostics)
        }
        var entries: [String: PostCache.Entry] = [:]
        entries.reserveCapacity(results.count)
        for index in files.indices {
            if let entry = results[index].cacheEntry { entries[files[index].cacheKey] = entry }
        }
        return (Site(config: config, categories: categories, tags: tags, bundleFiles: bundleFiles, warnings: diagnostics.sorted()),
                PostCache(entries: entries, outlineKey: outlineKey))
    }

    private struct ReadResult: Sendable {
        var post: Post?
        var diagnostics: [Diagnostic]
        var cacheEntry: PostCache.Entry?
        /// The other files of the post's folder.
        var files: [BundleFile] = []

        /// Lists the other files of the post's folder, with a warning for each
        /// link of the post to a file that is not among them: on the thread
        /// that read the post, for a cached post too.
        mutating func takeFiles(of file: PostFile, post: Post) {
            files = file.bundle.map { BundleFile.files(in: $0, postID: file.id, &diagnostics) } ?? []
            diagnostics += ContentLoader.missingFiles(of: post, among: files, isFolder: file.bundle != nil)
        }
    }

    /// A post from the cache when its file's stamp is the recorded one; else
    /// read and parsed, and worth caching when it is valid and settled.
    private func readPost(_ file: PostFile, cache: PostCache?, changes: ContentChanges, settledBefore start: Int64,
                          config: SiteConfig?) -> ReadResult {
        if let cache, let (post, entry) = cache.post(forKey: file.cacheKey, path: file.path, category: file.category, id: file.id,
                                                     checkingStamp: !changes.leavesUnchanged(postKey: file.cacheKey)) {
            return ReadResult(post: post, diagnostics: [], cacheEntry: entry)
        }
        let read: (bytes: [UInt8], stamp: FileStamp?)
        do {
            read = try FileReading.stampedBytes(atPath: file.path)
        } catch {
            return ReadResult(post: nil, diagnostics: [.error("cannot read the file", in: file.path)])
        }
        let reading = PostReader.reading(read.bytes, path: file.path, category: file.category, id: file.id)
        let (post, diagnostics) = (outlined(reading, bytes: read.bytes, config: config), reading.diagnostics)
        var entry: PostCache.Entry?
        if let post, diagnostics.isEmpty, let stamp = read.stamp,
           changes.isKnown || stamp.isSettled(before: start, margin: options.settlingTime) {
            entry = PostCache.entry(for: post, stamp: stamp)
        }
        return ReadResult(post: post, diagnostics: diagnostics, cacheEntry: entry)
    }

    /// A warning for each link of the post to a file that is not beside it.
    fileprivate static func missingFiles(of post: Post, among files: [BundleFile], isFolder: Bool) -> [Diagnostic] {
        let named = post.links.compactMap { link in link.fileBesidePost.map { (path: $0, link: link) } }
        guard !named.isEmpty else { return [] }
        let present = Set(files.map(\.relativePath))
        return named.filter { !present.contains($0.path) }.map { link in
            let advice = isFolder
                ? "there is no such file in the post's folder; add it there, or fix the link"
                : "there is no such file beside the post; to keep files beside a post, make the post a folder "
                    + "(posts/\(post.category)/\(post.id)/index.md) and put them in it"
            return .warning("'\(link.path)' is linked but \(advice)", in: post.sourcePath, at: post.location(of: link.link))
        }
    }

    private var siteFilePath: String { contentDirectory + "/site.json" }
    private var postsPath: String { contentDirectory + "/posts" }

    private func loadConfig(_ diagnostics: inout [Diagnostic]) -> SiteConfig? {
        guard FileReading.isDirectory(contentDirectory) else {
            diagnostics.append(.error("the content folder does not exist", in: contentDirectory))
            return nil
        }
        guard let bytes = try? FileReading.bytes(atPath: siteFilePath) else {
            diagnostics.append(.error("site settings are missing; create it with at least 'title' and 'baseURL'", in: siteFilePath))
            return nil
        }
        let (config, found) = SiteConfigReader.read(bytes, path: siteFilePath, baseURLOverride: options.baseURLOverride)
        diagnostics += found
        return config
    }

    /// One folder a category; stray files and badly named folders are reported here.
    private func postFolders(_ diagnostics: inout [Diagnostic]) -> [DirectoryEntry] {
        guard FileReading.isDirectory(contentDirectory) else { return [] }
        diagnostics += StrayFiles.atTopOfContent(contentDirectory)
        guard let entries = FileReading.entries(ofDirectory: postsPath) else {
            diagnostics.append(.error("the posts folder is missing; put posts in posts/<category>/<id>.md or <id>.json", in: postsPath))
            return []
        }
        var folders: [DirectoryEntry] = []
        for entry in entries {
            if entry.name.hasPrefix(".") {
                if let warning = StrayFiles.hiddenPost(entry) { diagnostics.append(warning) }
            } else if !entry.isDirectory {
                let message = Self.postFileTypes.contains(where: entry.name.hasSuffix)
                    ? "a post belongs in a category folder, posts/<category>/\(entry.name); this file is ignored"
                    : "only category folders belong here; this file is ignored"
                diagnostics.append(.warning(message, in: entry.path))
            } else if let problem = Slug.problem(with: entry.name) {
                diagnostics.append(.error("category folder name '\(entry.name)' \(problem)", in: entry.path))
            } else if Slug.reservedCategoryNames.contains(entry.name) {
                diagnostics.append(.error("category name '\(entry.name)' is reserved for the build's own output; rename the folder", in: entry.path))
            } else {
                folders.append(entry)
            }
        }
        return folders
    }

    private struct PostFile: Sendable {
        let path: String
        let category: String
        let id: String
        /// The folder of a post written as `<id>/index.md`, whose other files are copied beside its page.
        var bundle: String?
        /// `category/id.json`, `category/id/index.md`: the same file whatever path `--content` was given as.
        let cacheKey: String
    }

    /// Every post file of every folder. A tree without any is an error, unless
    /// an error about a folder or file name already explains why.
    private func postFiles(in folders: [DirectoryEntry], _ diagnostics: inout [Diagnostic]) -> [PostFile] {
        let errorsBefore = diagnostics.count(where: { $0.severity == .error })
        // Each folder listed on its own thread: a category holds thousands of files.
        let listed = folders.parallelMap(jobs: options.jobs) { folder in
            var found: [Diagnostic] = []
            return (files: postFiles(in: folder, &found), diagnostics: found)
        }
        let files = listed.flatMap(\.files)
        diagnostics += listed.flatMap(\.diagnostics)
        if files.isEmpty, FileReading.isDirectory(postsPath), diagnostics.count(where: { $0.severity == .error }) == errorsBefore {
            diagnostics.append(.error("there are no posts; put posts in posts/<category>/<id>.md or <id>.json", in: postsPath))
        }
        return files
    }

    static let postFileTypes = [".json", ".md"]

    /// A category folder's posts: `<id>.json`, `<id>.md`, or a folder `<id>/` holding `index.md` or `index.json`.
    private func postFiles(in folder: DirectoryEntry, _ diagnostics: inout [Diagnostic]) -> [PostFile] {
        var files: [PostFile] = []
        for entry in FileReading.entries(ofDirectory: folder.path) ?? [] {
            if entry.name.hasPrefix(".") {
                if let warning = StrayFiles.hiddenPost(entry) { diagnostics.append(warning) }
                continue
            }
            var file: PostFile
            if entry.isDirectory {
                guard let index = bundleIndex(entry, &diagnostics) else { continue }
                file = PostFile(path: index.path, category: folder.name, id: entry.name, bundle: entry.path,
                                cacheKey: String(joining: folder.name, "/", entry.name, "/", index.name))
            } else if entry.kind == .file, let type = Self.postFileTypes.first(where: entry.name.hasSuffix) {
                file = PostFile(path: entry.path, category: folder.name, id: String(entry.name.dropLast(type.count)),
                                cacheKey: String(joining: folder.name, "/", entry.name))
            } else {
                diagnostics.append(.warning("not a post file (posts are <id>.md, <id>.json, or a folder <id>/ "
                                            + "with index.md or index.json); ignored", in: entry.path))
                continue
            }
            if let problem = Slug.problem(with: file.id) {
                let what = file.bundle == nil ? "the file name" : "the folder name"
                diagnostics.append(.error("post id '\(file.id)' (\(what)) \(problem)", in: file.bundle ?? file.path))
                continue
            }
            files.append(file)
        }
        return files
    }

    /// The one index file of a post folder; nil, with the reason recorded, when there is not exactly one.
    private func bundleIndex(_ folder: DirectoryEntry, _ diagnostics: inout [Diagnostic]) -> DirectoryEntry? {
        let indexes = (FileReading.entries(ofDirectory: folder.path) ?? []).filter { entry in
            Self.postFileTypes.contains { entry.name == "index" + $0 }
        }
        guard let index = indexes.first else {
            diagnostics.append(.warning("not a post folder (a post folder holds index.md or index.json); ignored", in: folder.path))
            return nil
        }
        guard indexes.count == 1 else {
            diagnostics.append(.error("a post folder holds one index file, not both \(indexes.map(\.name).joined(separator: " and ")); "
                                      + "remove one", in: folder.path))
            return nil
        }
        guard index.kind == .file else {
            diagnostics.append(.error("the post's index file must be a regular file, not a link or folder", in: index.path))
            return nil
        }
        return index
    }

    /// Checked on file names, which every post id equals, so a clash is found
    /// even while one of the two files has other errors.
    private func duplicateIDs(_ files: [PostFile]) -> [Diagnostic] {
        var firstPath: [String: String] = [:]
        firstPath.reserveCapacity(files.count)
        var diagnostics: [Diagnostic] = []
        for file in files {
            if let earlier = firstPath[file.id] {
                diagnostics.append(.error("post id '\(file.id)' is already used by \(earlier); ids must be unique across the site, "
                                          + "so rename one of the files", in: file.bundle ?? file.path))
            } else {
                firstPath[file.id] = file.bundle.map { $0 + "/" } ?? file.path
            }
        }
        return diagnostics
    }

    /// Orders categories as `site.json` lists them (else by slug) and checks
    /// that the list and the folders agree.
    private func assembleCategories(config: SiteConfig, folders: [DirectoryEntry], posts: [Post],
                                    _ diagnostics: inout [Diagnostic]) -> [Category] {
        let visible = posts.filter { options.includeDrafts || !$0.isDraft }
        let postsBySlug = Dictionary(grouping: visible, by: \.category)
        let folderNames = Set(folders.map(\.name))
        let settings: [SiteConfig.CategorySettings]
        if let listed = config.categories {
            for category in listed where !folderNames.contains(category.slug) {
                diagnostics.append(.error("category '\(category.slug)' is listed but \(postsPath)/\(category.slug)/ does not exist; "
                                          + "create the folder or remove the entry", in: siteFilePath, at: category.location))
            }
            let listedSlugs = Set(listed.map(\.slug))
            for folder in folders where !listedSlugs.contains(folder.name) {
                diagnostics.append(.error("the folder is not listed in 'categories' of \(siteFilePath); add it there or remove it",
                                          in: folder.path))
            }
            settings = listed
        } else {
            settings = folders.map { SiteConfig.CategorySettings(slug: $0.name, title: $0.name) }
        }
        return settings.map { setting in
            Category(slug: setting.slug, title: setting.title, description: setting.description,
                     posts: (postsBySlug[setting.slug] ?? []).sorted(by: Post.readingOrder))
        }
    }
}
