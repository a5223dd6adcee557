/// What `sitegen serve` is asked to do: the build's options, and where to listen.
public struct ServeOptions: Sendable, Equatable {
    /// Not a port Hugo (1313), Zola (1111), Jekyll (4000), Eleventy (8080)
    /// or Saga and Toucan (3000) take, so they can all run side by side.
    public static let defaultPort: UInt16 = 4747

    public var build = BuildOptions()
    /// True when `--output` named the folder; else the site goes to a private
    /// temporary folder, so a site made for the local server is never deployed.
    public var outputNamed = false
    /// Nil: the default port, or the next free one; a port given must be free.
    public var port: UInt16?
    public var bindAddress = "127.0.0.1"

    public init() {}
}
