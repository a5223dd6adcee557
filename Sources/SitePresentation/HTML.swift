/// HTML the build made (a post's rendered body), already safe for where it lands.
///
/// It stays the UTF-8 bytes cmark wrote: it is only ever copied into pages,
/// feeds and API files, so decoding it into a `String` (and checking every
/// byte of it on the way) would be work for nothing.
public struct HTML: Sendable, Hashable, CustomStringConvertible {
    public let utf8: [UInt8]

    public init(utf8: [UInt8]) {
        self.utf8 = utf8
    }

    public init(_ text: String) {
        utf8 = Array(text.utf8)
    }

    /// The HTML as text, for whoever needs to read it.
    public var text: String { String(decoding: utf8, as: UTF8.self) }

    public var description: String { text }
}

extension HTML: ExpressibleByStringLiteral {
    public init(stringLiteral text: String) {
        self.init(text)
    }
}
