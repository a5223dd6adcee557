import Foundation

/// What `sitegen build` and `sitegen check` are asked to do; the defaults
/// are the contract's (`content`, `templates`, `public`, every core).
public struct BuildOptions: Sendable, Equatable {
    public var contentDirectory = "content"
    public var templatesDirectory = "templates"
    /// True when the templates folder was named (`--templates`): then it
    /// must exist. The default one is used only when it is there; without
    /// it the site is built with the built-in theme alone.
    public var templatesNamed = false
    public var outputDirectory = "public"
    public var baseURL: String?
    public var includeDrafts = false
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// Whether a build waits for the new site to reach the disk before it
    /// replaces the old one (`--no-sync` turns it off, for throwaway output).
    public var durable = true
    /// Warnings are errors (`--strict`, for CI): the build fails and writes nothing.
    public var strict = false

    public init() {}

    /// The folder whose files replace those of the built-in theme, if any.
    public var templateOverrides: String? {
        templatesNamed || FileManager.default.fileExists(atPath: templatesDirectory) ? templatesDirectory : nil
    }
}
