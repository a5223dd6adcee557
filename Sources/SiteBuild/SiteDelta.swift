import SiteModel

/// How a site differs from the one the previous build of the same process
/// rendered, when the difference is small enough to render only what it
/// touches: posts whose files changed while everything a page outside the
/// post shows of them (id, title, summary, date, draft, place) did not.
enum SiteDelta {
    /// The ids of the posts whose bytes changed; nil when anything else
    /// changed (settings, categories, order, a post's listed fields).
    static func changedPosts(from old: Site, to new: Site) -> Set<String>? {
        guard old.config == new.config, old.categories.count == new.categories.count,
              old.bundleFiles == new.bundleFiles else { return nil }
        var changed: Set<String> = []
        for (before, after) in zip(old.categories, new.categories) {
            guard before.slug == after.slug, before.title == after.title, before.description == after.description,
                  before.posts.count == after.posts.count else { return nil }
            // A category a patched site did not touch shares its storage with the old one.
            if Self.sameStorage(before.posts, after.posts) { continue }
            for (was, now) in zip(before.posts, after.posts) {
                guard was.id == now.id, was.title == now.title, was.summary == now.summary, was.date == now.date,
                      was.isDraft == now.isDraft, was.details == now.details, was.sourcePath == now.sourcePath else { return nil }
                if was.sourceHash != now.sourceHash { changed.insert(now.id) }
            }
        }
        return changed
    }

    private static func sameStorage(_ first: [Post], _ second: [Post]) -> Bool {
        first.withUnsafeBufferPointer { a in second.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }
}
