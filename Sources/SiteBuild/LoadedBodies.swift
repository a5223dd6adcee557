import SitePresentation
import Synchronization

/// Post bodies rendered while their files were read. A build that reads a
/// post for the first time needs its outline (reading length, heading ids,
/// links) before any page is made, and its rendering later: parsing the body
/// once for both, and keeping the rendering until the post's job takes it,
/// saves a cmark parse and walk per post (13 % of a full build's
/// instructions at 10,000 posts, all kept). Kept only up to `budget` bytes of HTML; past
/// that, a post is outlined alone and its job renders it, as before. Its
/// search terms are taken on the walk (`LoadedTerms`), not kept as text.
final class LoadedBodies: Sendable {
    /// For `sitegen build`: every body of the benchmark's 10,000 posts (they
    /// take 64 MiB), and of some 20,000 such posts. A post kept is parsed and
    /// walked once, where one past the budget is parsed twice: at 10,000
    /// posts keeping every body instead of three quarters took 0.94–0.96 of
    /// the time, for about 20 MB more at the peak (docs/benchmark.md).
    static let buildBudget = 128 << 20
    /// For a process that keeps running (`sitegen serve`): its allocator
    /// keeps what the first build took for the rest of the session, and its
    /// kept bodies hold their text too (its index takes terms from the
    /// jobs), so all of them would cost 75 MiB more for as long as it runs.
    static let servingBudget = 48 << 20

    private struct State {
        var bodies: [String: RenderedMarkdown] = [:]
        var bytesLeft: Int
    }

    private let state: Mutex<State>

    init(budget: Int) {
        state = Mutex(State(bytesLeft: budget))
    }

    /// Whether a body may still be kept; checked before rendering one, so that
    /// a full store costs an outline alone.
    var hasRoom: Bool {
        state.withLock { $0.bytesLeft > 0 }
    }

    /// Keeps the rendering of the post file at `path` when it fits.
    func keep(_ body: RenderedMarkdown, ofPostAt path: String) {
        let size = body.html.utf8.count + body.text.count + body.headingText.count
        state.withLock { state in
            guard size <= state.bytesLeft else {
                state.bytesLeft = 0
                return
            }
            state.bytesLeft -= size
            state.bodies[path] = body
        }
    }

    /// The rendering kept for the post file at `path`, given up by the store.
    func take(ofPostAt path: String) -> RenderedMarkdown? {
        state.withLock { $0.bodies.removeValue(forKey: path) }
    }
}
