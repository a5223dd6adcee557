/// Which bound of `RenderLimits` (or of the renderer's own nesting) stopped a
/// render, so that a caller can refuse the shortened output instead of
/// passing it off as whole.
public struct RenderLimitReached: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Limit: Sendable, Equatable {
        /// Partials and parents expanded inside each other.
        case expansionDepth(Int)
        /// Sections, blocks and expansions nested inside each other.
        case nesting(Int)
        /// Partials and parents expanded in one render.
        case expansions(Int)
        case steps(Int)
        case outputBytes(Int)
    }

    public let limit: Limit

    public var description: String {
        switch limit {
        case .expansionDepth(let count):
            "\(count) partials nested in each other (does a partial include itself without end?)"
        case .nesting(let count):
            "\(count) sections, blocks and partials nested in each other"
        case .expansions(let count):
            "\(count) partials expanded in one page"
        case .steps(let count):
            "\(count) steps in one page"
        case .outputBytes(let count):
            "\(count) bytes of output for one page"
        }
    }
}
