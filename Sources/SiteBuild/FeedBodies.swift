import SiteModel
import SitePresentation
import Synchronization

/// The rendered bodies the feeds show, made once per build. Every feed holds
/// its newest 20 posts, and with a feed per tag the same post is in several
/// of them (at 10,000 posts, about 290 feeds show some 2,500 posts 5,800
/// times). A post's job, which renders the body anyway, leaves it here when
/// a feed shows that post; the feeds, whose jobs come after every post's,
/// take it, and the last feed to show it lets it go. At 10,000 posts that is
/// at most about 2,500 bodies (17 MB) held at once; holding only those two
/// feeds or more show (4 MB) made the feeds render the other 1,700 again,
/// 4 % of a full build's instructions.
final class FeedBodies: Sendable {
    private struct State {
        /// How many feed entries that have not taken it yet show each post.
        var usesLeft: [String: Int]
        var bodies: [String: HTML] = [:]
    }

    private let state: Mutex<State>

    /// Ready for the posts the feed jobs among `jobs` show.
    init(for jobs: [RenderJob]) {
        var shown: [String: Int] = [:]
        for case .feed(let outline) in jobs {
            for post in outline.posts { shown[post.id, default: 0] += 1 }
        }
        state = Mutex(State(usesLeft: shown))
    }

    /// Keeps the body of the post `id` when a feed shows that post.
    func offer(_ body: HTML, ofPost id: String) {
        state.withLock { state in
            if state.usesLeft[id, default: 0] > 0 { state.bodies[id] = body }
        }
    }

    /// The post's body as its job left it, or else (its page was kept from
    /// the last build, or its job has not run yet) rendered now, and kept
    /// when another feed shows it too.
    func body(of post: Post, render: (Post) throws(DiagnosticsError) -> HTML) throws(DiagnosticsError) -> HTML {
        if let body = take(post.id) { return body }
        let body = try render(post)
        state.withLock { state in
            if state.usesLeft[post.id, default: 0] > 0 { state.bodies[post.id] = body }
        }
        return body
    }

    /// The body kept for the post `id`, let go when no other feed shows it;
    /// one use is counted, whether a body was kept or not.
    private func take(_ id: String) -> HTML? {
        state.withLock { state in
            let usesLeft = state.usesLeft[id, default: 1] - 1
            state.usesLeft[id] = usesLeft
            return usesLeft > 0 ? state.bodies[id] : state.bodies.removeValue(forKey: id)
        }
    }
}
