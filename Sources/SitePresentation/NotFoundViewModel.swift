/// The page a web server shows for a missing path.
public struct NotFoundViewModel: Sendable, Hashable {
    public let chrome: SiteChrome
    public let route: Route
}
