/// One page of a list cut into pages of `itemsPerPage`: a small value that
/// knows its neighbours. Pages are numbered from 1, as people count them.
public struct Paginator: Sendable, Hashable {
    public let number: Int
    public let itemsPerPage: Int
    public let numberOfItems: Int

    public init(number: Int, itemsPerPage: Int, numberOfItems: Int) {
        self.number = number
        self.itemsPerPage = max(1, itemsPerPage)
        self.numberOfItems = max(0, numberOfItems)
    }

    /// An empty list still has one (empty) page, so its category has a home.
    public var numberOfPages: Int { max(1, (numberOfItems + itemsPerPage - 1) / itemsPerPage) }
    public var previous: Int? { number > 1 ? number - 1 : nil }
    public var next: Int? { number < numberOfPages ? number + 1 : nil }
    public var itemRange: Range<Int> {
        let start = min(numberOfItems, (number - 1) * itemsPerPage)
        return start..<min(numberOfItems, start + itemsPerPage)
    }

    /// Every page of a list of `numberOfItems`.
    public static func pages(itemsPerPage: Int, numberOfItems: Int) -> [Paginator] {
        let first = Paginator(number: 1, itemsPerPage: itemsPerPage, numberOfItems: numberOfItems)
        return (1...first.numberOfPages).map { Paginator(number: $0, itemsPerPage: itemsPerPage, numberOfItems: numberOfItems) }
    }

    /// The page numbers to link to: all of them for short lists, else the
    /// first, the last and a window around this one, nil marking a gap.
    public func pageWindow(radius: Int = 2) -> [Int?] {
        let count = numberOfPages
        guard count > 2 * radius + 5 else { return Array(1...count) }
        let low = max(2, number - radius)
        let high = min(count - 1, number + radius)
        var window: [Int?] = [1]
        if low > 2 { window.append(nil) }
        window += (low...high).map { Optional($0) }
        if high < count - 1 { window.append(nil) }
        window.append(count)
        return window
    }
}
