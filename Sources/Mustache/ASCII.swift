/// The handful of bytes the compiler looks at by value.
enum ASCII {
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09

    /// Space or tab: what may surround a standalone tag on its line.
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == space || byte == tab
    }

    /// Blank or a line break: what is trimmed from tag contents.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        isBlank(byte) || byte == newline || byte == carriageReturn
    }
}
