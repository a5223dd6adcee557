/// What a `StaticFileServer` serves and where it listens.
///
/// `root` is looked up on every request, never cached: a build swaps the
/// folder's contents in place, and the next request must see the new tree.
/// `eventsPath` is an absolute path from the server's root, outside
/// `basePath` (so `/__sitegen/events` is the same URL whatever the site's
/// base path); only GET is allowed on it.
public struct ServerConfiguration: Sendable {
    /// The folder served.
    public var root: String
    /// A numeric IPv4 or IPv6 address, or `localhost` (127.0.0.1).
    public var address: String
    /// The port asked for; 0 lets the system choose a free one.
    public var port: UInt16
    /// false: when the port is taken, the next free ports on the same address are tried;
    /// true: a taken port is an error.
    public var portIsFixed: Bool
    /// `/` or a path such as `/blog/`: URLs outside it get 404, and `/` redirects to it.
    public var basePath: String
    /// The Server-Sent Events stream, an absolute path not under `basePath`.
    public var eventsPath: String
    /// Bytes inserted into every `text/html` response as it is served: before the
    /// last `</body>`, or appended when there is none. Files on disk are untouched.
    public var injection: [UInt8]
    /// An HTML page answered, with status 503 and the injection, to every
    /// request for a page while the served folder does not exist (no site has
    /// been built into it yet); empty: such requests get plain 404s.
    public var placeholder: [UInt8]
    /// Host header values accepted besides the bound address, `localhost`,
    /// `127.0.0.1` and `[::1]` (each with or without `:port`); others get 403.
    public var allowedHosts: [String]
    /// Seconds between the comments sent on idle event streams; a closed tab is
    /// only noticed when a write to it fails.
    public var heartbeatInterval: Double

    public init(
        root: String,
        address: String = "127.0.0.1",
        port: UInt16 = 0,
        portIsFixed: Bool = false,
        basePath: String = "/",
        eventsPath: String = "/__sitegen/events",
        injection: [UInt8] = [],
        placeholder: [UInt8] = [],
        allowedHosts: [String] = [],
        heartbeatInterval: Double = 15
    ) {
        self.root = root
        self.address = address
        self.port = port
        self.portIsFixed = portIsFixed
        self.basePath = basePath
        self.eventsPath = eventsPath
        self.injection = injection
        self.placeholder = placeholder
        self.allowedHosts = allowedHosts
        self.heartbeatInterval = heartbeatInterval
    }
}
