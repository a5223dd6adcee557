/// How much one render may do. Sections over lists nested many deep, and
/// templates that include each other, multiply their work; these bounds keep
/// any template, however written, to bounded time and memory. A render that
/// reaches one stops there, and its output ends where it stopped.
public struct RenderLimits: Sendable, Equatable {
    /// Bytes one render may append.
    public var maximumOutputBytes: Int
    /// Nodes (text, tags, section passes) one render may visit.
    public var maximumSteps: Int

    public init(maximumOutputBytes: Int, maximumSteps: Int) {
        self.maximumOutputBytes = maximumOutputBytes
        self.maximumSteps = maximumSteps
    }

    /// 256 MiB, ten times the page of a 20 MB post, and ten million steps,
    /// enough for a list page of a hundred thousand posts.
    public static let standard = RenderLimits(maximumOutputBytes: 256 << 20, maximumSteps: 10_000_000)
}
