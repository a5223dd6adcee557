import Foundation

/// What `sitegen build` and `sitegen check` are asked to do; the defaults
/// are the contract's (`content`, `templates`, `public`, every core).
public struct BuildOptions: Sendable, Equatable {
    public var contentDirectory = "content"
    public var templatesDirectory = "templates"
    public var outputDirectory = "public"
    public var baseURL: String?
    public var includeDrafts = false
    public var jobs = ProcessInfo.processInfo.activeProcessorCount

    public init() {}
}
