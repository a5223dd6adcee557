/// Why watching could not start, worded for the user.
public struct WatchError: Error, Equatable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
