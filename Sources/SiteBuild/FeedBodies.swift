import Foundation
import SiteModel
import SitePresentation

/// The rendered bodies the feeds show, made once per build. Every feed holds
/// its newest 20 posts, and with a feed per tag the same post is in several
/// of them (at 10,000 posts, about 290 feeds show some 2,500 posts 5,800
/// times). A post's job, which renders the body anyway, leaves it here when
/// two feeds or more show that post; the feeds, whose jobs come after every
/// post's, take it. Those bodies are kept for the length of the build (about
/// 770 of them at 10,000 posts, 4 MB); the body of a post only one feed
/// shows is rendered by that feed, which saves holding the other 1,700.
final class FeedBodies: @unchecked Sendable {
    private let lock = NSLock()
    /// The ids of the posts two feeds or more show.
    private let wanted: Set<String>
    private var bodies: [String: HTML] = [:]

    /// Ready for the posts the feed jobs among `jobs` show.
    init(for jobs: [RenderJob]) {
        var shown: [String: Int] = [:]
        for case .feed(let outline) in jobs {
            for post in outline.posts { shown[post.id, default: 0] += 1 }
        }
        wanted = Set(shown.compactMap { $0.value >= 2 ? $0.key : nil })
    }

    /// Keeps the body of the post `id` when two feeds or more show that post.
    func offer(_ body: HTML, ofPost id: String) {
        guard wanted.contains(id) else { return }
        lock.withLock { bodies[id] = body }
    }

    /// The post's body as its job left it, or else (one feed shows it, its
    /// page was kept from the last build, or its job has not run yet)
    /// rendered now, and kept when another feed shows it too.
    func body(of post: Post, render: (Post) throws(DiagnosticsError) -> HTML) throws(DiagnosticsError) -> HTML {
        if let body = lock.withLock({ bodies[post.id] }) { return body }
        let body = try render(post)
        offer(body, ofPost: post.id)
        return body
    }
}
