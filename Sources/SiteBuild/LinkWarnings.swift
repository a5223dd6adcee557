import SiteModel
import SitePresentation

/// The link check's warnings of the last build of a process (`sitegen
/// serve`), post by post, so that a build which changed only post files,
/// and none of the site's pages, looks again only at the changed posts and
/// at the posts whose links name ids on their pages (which the edit can break).
struct LinkWarnings: Sendable {
    /// By post index: its warnings, for the posts that have any.
    private var byPost: [Int: [Diagnostic]] = [:]
    /// By post index: the other posts on whose pages its links name ids.
    private var named: [Int: [Int]] = [:]
    /// By post index: the posts whose links name ids on its page.
    private var naming: [Int: Set<Int>] = [:]

    /// Every post checked.
    init(check: LinkCheck, postCount: Int, jobs: Int) {
        update(check: check, posts: Array(0..<postCount), jobs: jobs)
    }

    /// The last build's warnings, with the posts of `changed` and those naming ids on their pages checked again.
    func updated(check: LinkCheck, changed: Set<Int>, jobs: Int) -> LinkWarnings {
        var posts = changed
        for index in changed { posts.formUnion(naming[index] ?? []) }
        var next = self
        next.update(check: check, posts: posts.sorted(), jobs: jobs)
        return next
    }

    var all: [Diagnostic] { byPost.keys.sorted().flatMap { byPost[$0] ?? [] } }

    private mutating func update(check: LinkCheck, posts: [Int], jobs: Int) {
        for result in check.warnings(ofPosts: posts, jobs: jobs) {
            byPost[result.index] = result.warnings.isEmpty ? nil : result.warnings
            for other in named[result.index] ?? [] { naming[other]?.remove(result.index) }
            named[result.index] = result.namedPosts.isEmpty ? nil : result.namedPosts
            for other in result.namedPosts { naming[other, default: []].insert(result.index) }
        }
    }
}
