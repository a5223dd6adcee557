import Mustache

/// The bytes of one output file and where it goes, relative to the output folder.
public struct RenderedFile: Sendable, Hashable {
    public let path: String
    public let bytes: [UInt8]
    /// Set when a template render reached one of the engine's limits: the
    /// bytes are then cut short, and the file must not be written.
    public let cutShort: CutShort?

    /// Which template's render stopped, and at which limit.
    public struct CutShort: Sendable, Hashable {
        /// Where the template came from: its file, or the built-in theme's.
        public let template: String
        public let limit: String
    }

    public init(path: String, bytes: [UInt8], cutShort: CutShort? = nil) {
        self.path = path
        self.bytes = bytes
        self.cutShort = cutShort
    }
}
