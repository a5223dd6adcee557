/// The bytes of one output file and where it goes, relative to the output folder.
public struct RenderedFile: Sendable, Hashable {
    public let path: String
    public let bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}
