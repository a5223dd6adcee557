/// One entry of a list's page navigation; a gap stands for pages left out.
public struct PageLink: Sendable, Hashable {
    public let number: Int
    public let url: String
    public let isCurrent: Bool
    public let isGap: Bool
}
