/// Why a server could not start, worded for the person who ran the command.
public struct ServerError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }

    static func portInUse(_ address: String, _ port: UInt16) -> ServerError {
        ServerError("\(HostName.url(address)):\(port) is in use; choose another port with --port")
    }
}
