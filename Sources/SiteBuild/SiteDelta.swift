import SiteModel

/// How a site differs from the one the previous build of the same process
/// rendered, when the difference is small enough to render only what it
/// touches: posts whose files changed while their place, and everything a
/// page outside the post links by (id, title, summary, date, draft, tags,
/// updated), did not.
struct SiteDelta: Equatable {
    /// The posts whose bytes or details changed: their own pages and the feeds showing them.
    let posts: Set<String>
    /// Those of `posts` whose summary on list pages changed too (the reading length).
    let listed: Set<String>
    /// Where the posts of `posts` are among all the site's posts, category
    /// by category (as `SitePresenter.posts` has them).
    let indices: Set<Int>

    /// Nil when anything else changed (settings, categories, order, a post's listed fields).
    static func between(_ old: Site, _ new: Site) -> SiteDelta? {
        guard old.config == new.config, old.categories.count == new.categories.count,
              old.bundleFiles == new.bundleFiles else { return nil }
        var posts: Set<String> = []
        var listed: Set<String> = []
        var indices: Set<Int> = []
        var first = 0
        for (before, after) in zip(old.categories, new.categories) {
            guard before.slug == after.slug, before.title == after.title, before.description == after.description,
                  before.posts.count == after.posts.count else { return nil }
            defer { first += after.posts.count }
            // A category a patched site did not touch shares its storage with the old one.
            if Self.sameStorage(before.posts, after.posts) { continue }
            for (offset, (was, now)) in zip(before.posts, after.posts).enumerated() {
                guard was.id == now.id, was.title == now.title, was.summary == now.summary, was.date == now.date,
                      was.isDraft == now.isDraft, was.sourcePath == now.sourcePath,
                      was.details.tags == now.details.tags, was.details.updated == now.details.updated else { return nil }
                if was.sourceHash != now.sourceHash || was.details != now.details {
                    posts.insert(now.id)
                    indices.insert(first + offset)
                }
                if was.details.readingLength != now.details.readingLength { listed.insert(now.id) }
            }
        }
        return SiteDelta(posts: posts, listed: listed, indices: indices)
    }

    private static func sameStorage(_ first: [Post], _ second: [Post]) -> Bool {
        first.withUnsafeBufferPointer { a in second.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }
}
