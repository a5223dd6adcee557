extension ContentLoader {
    /// `site` with the posts of the files under `posts/` named by `keys`
    /// (`notes/first.md`) read again, for a process that loaded `site` and
    /// was told by a watcher that only those files changed. Nil, so that
    /// the caller loads everything, unless each file still holds a post
    /// without any problem that lists as before (same id, title, summary,
    /// date, draft): then only its bytes, its body, changed, and nothing
    /// else in the folders needs to be looked at. A post whose tags stayed
    /// the same takes its old place in them; other tags are grouped again.
    /// `cache` takes the entries of the files read, in place (a copy of a
    /// table of every post would cost more than the edit); when the answer is
    /// nil it may have taken some, each as true of its file as any entry.
    public func reload(_ keys: Set<String>, in site: Site, cache: inout PostCache) -> Site? {
        guard cache.outlineKey == outlineKey(site.config) else { return nil }
        var categories = site.categories
        var retagged = false
        var replaced: [String: Post] = [:]
        for key in keys {
            let parts = key.split(separator: "/")
            guard parts.count == 2 || parts.count == 3, let slug = parts.first, let name = parts.dropFirst().first,
                  let place = categories.firstIndex(where: { $0.slug == slug }) else { return nil }
            let id = parts.count == 3 ? String(name) : String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)])
            let path = contentDirectory + "/posts/" + key
            guard let read = try? FileReading.stampedBytes(atPath: path), let stamp = read.stamp else { return nil }
            let reading = PostReader.reading(read.bytes, path: path, category: String(slug), id: id)
            let (post, diagnostics) = (outlined(reading, bytes: read.bytes, config: site.config), reading.diagnostics)
            var posts = categories[place].posts
            guard let post, diagnostics.isEmpty, let entry = PostCache.entry(for: post, stamp: stamp),
                  let index = posts.firstIndex(where: { $0.id == id }) else { return nil }
            let old = posts[index]
            guard old.title == post.title, old.summary == post.summary, old.date == post.date, old.isDraft == post.isDraft,
                  old.sourcePath == post.sourcePath else { return nil }
            posts[index] = post
            if old.details.tags != post.details.tags { retagged = true }
            replaced[id] = post
            let category = categories[place]
            categories[place] = Category(slug: category.slug, title: category.title, description: category.description, posts: posts)
            cache.entries[key] = entry
        }
        // Tags hold the posts too: none may keep a post whose file changed.
        // With the same tags as before, each post takes the old one's place in
        // its tags; else they are grouped again.
        var tags = site.tags
        if retagged {
            var problems: [Diagnostic] = []
            tags = Tag.group(categories.flatMap(\.posts), &problems)
            guard problems.isEmpty else { return nil }
        } else {
            tags = Tag.replacing(replaced, in: tags)
        }
        return (Site(config: site.config, categories: categories, tags: tags, bundleFiles: site.bundleFiles,
                     warnings: site.warnings))
    }
}

extension Tag {
    /// `tags` with each post of `replaced` (by id) in its old one's place,
    /// for posts whose tags and place in the reading order are as before.
    static func replacing(_ replaced: [String: Post], in tags: [Tag]) -> [Tag] {
        guard !replaced.isEmpty else { return tags }
        var tags = tags
        var tagOfSpelling: [String: Int] = [:]
        for (index, tag) in tags.enumerated() {
            for spelling in tag.spellings { tagOfSpelling[spelling] = index }
        }
        for post in replaced.values {
            for name in post.details.tags {
                guard let index = tagOfSpelling[name], let at = tags[index].posts.firstIndex(where: { $0.id == post.id }) else { continue }
                var posts = tags[index].posts
                posts[at] = post
                let tag = tags[index]
                tags[index] = Tag(slug: tag.slug, name: tag.name, posts: posts, spellings: tag.spellings)
            }
        }
        return tags
    }
}
