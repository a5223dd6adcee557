/// A category in the site navigation; `isCurrent` marks the one being shown.
public struct NavigationItem: Sendable, Hashable {
    public let title: String
    public let url: String
    public let isCurrent: Bool
}
