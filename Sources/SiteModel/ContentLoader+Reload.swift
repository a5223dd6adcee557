extension ContentLoader {
    /// `site` with the posts of the files under `posts/` named by `keys`
    /// (`notes/first.md`) read again, for a process that loaded `site` and
    /// was told by a watcher that only those files changed. Nil, so that
    /// the caller loads everything, unless each file still holds a post
    /// without any problem that lists as before (same id, title, summary,
    /// date, draft): then only its bytes, its body, changed, and nothing
    /// else in the folders needs to be looked at.
    public func reload(_ keys: Set<String>, in site: Site, cache: PostCache) -> (site: Site, cache: PostCache)? {
        var categories = site.categories
        var cache = cache
        for key in keys {
            let parts = key.split(separator: "/")
            guard parts.count == 2 || parts.count == 3, let slug = parts.first, let name = parts.dropFirst().first,
                  let place = categories.firstIndex(where: { $0.slug == slug }) else { return nil }
            let id = parts.count == 3 ? String(name) : String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)])
            let path = contentDirectory + "/posts/" + key
            guard let read = try? FileReading.stampedBytes(atPath: path), let stamp = read.stamp else { return nil }
            var (post, diagnostics) = PostReader.read(read.bytes, path: path, category: String(slug), id: id)
            if let measure = options.measure, let found = post, let body = found.markdown(in: read.bytes) {
                post = found.with(readingLength: measure(body))
            }
            var posts = categories[place].posts
            guard let post, diagnostics.isEmpty, let entry = PostCache.entry(for: post, stamp: stamp),
                  let index = posts.firstIndex(where: { $0.id == id }) else { return nil }
            let old = posts[index]
            guard old.title == post.title, old.summary == post.summary, old.date == post.date, old.isDraft == post.isDraft,
                  old.sourcePath == post.sourcePath else { return nil }
            posts[index] = post
            let category = categories[place]
            categories[place] = Category(slug: category.slug, title: category.title, description: category.description, posts: posts)
            cache.entries[key] = entry
        }
        // Tags hold the posts too: grouped again, so none keeps a post whose file changed.
        var problems: [Diagnostic] = []
        let tags = Tag.group(categories.flatMap(\.posts), &problems)
        guard problems.isEmpty else { return nil }
        return (Site(config: site.config, categories: categories, tags: tags, bundleFiles: site.bundleFiles,
                     warnings: site.warnings), cache)
    }
}
