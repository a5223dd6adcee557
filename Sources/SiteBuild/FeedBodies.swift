import Foundation
import SiteModel
import SitePresentation

/// The rendered bodies the feeds show, made once per build. Every feed holds
/// its newest 20 posts, and with a feed per tag the same post is in many of
/// them (at 10,000 posts, about 290 feeds show some 2,500 posts 5,800 times).
/// A post's job, which renders the body anyway, leaves it here when a feed
/// shows that post; the feeds, whose jobs come after every post's, take it.
/// Only those bodies are kept, for the length of the build.
final class FeedBodies: @unchecked Sendable {
    private let lock = NSLock()
    /// The ids of the posts some feed shows.
    private let wanted: Set<String>
    private var bodies: [String: HTML] = [:]

    /// Ready for the posts the feed jobs among `jobs` show.
    init(for jobs: [RenderJob]) {
        var wanted: Set<String> = []
        for case .feed(let outline) in jobs {
            for post in outline.posts { wanted.insert(post.id) }
        }
        self.wanted = wanted
    }

    /// Keeps the body of the post `id` when a feed shows that post.
    func offer(_ body: HTML, ofPost id: String) {
        guard wanted.contains(id) else { return }
        lock.withLock { bodies[id] = body }
    }

    /// The post's body as its job left it, or else (its page was kept from
    /// the last build, or its job has not run yet) rendered now and kept.
    func body(of post: Post, render: (Post) throws(DiagnosticsError) -> HTML) throws(DiagnosticsError) -> HTML {
        if let body = lock.withLock({ bodies[post.id] }) { return body }
        let body = try render(post)
        lock.withLock { bodies[post.id] = body }
        return body
    }
}
