/// ASCII bytes by name, so the lexers read like the languages they scan.
/// Computed, so they fold to constants instead of lazy globals.
extension UInt8 {
    static var newline: UInt8 { 0x0A }
    static var quote: UInt8 { 0x22 }
    static var apostrophe: UInt8 { 0x27 }
    static var backslash: UInt8 { 0x5C }
    static var slash: UInt8 { 0x2F }
    static var star: UInt8 { 0x2A }
    static var hash: UInt8 { 0x23 }
    static var at: UInt8 { 0x40 }
    static var dollar: UInt8 { 0x24 }
    static var dot: UInt8 { 0x2E }
    static var colon: UInt8 { 0x3A }
    static var openParen: UInt8 { 0x28 }
    static var closeParen: UInt8 { 0x29 }
    static var openBrace: UInt8 { 0x7B }
    static var closeBrace: UInt8 { 0x7D }
    static var openBracket: UInt8 { 0x5B }
    static var closeBracket: UInt8 { 0x5D }
    static var less: UInt8 { 0x3C }
    static var greater: UInt8 { 0x3E }
    static var equals: UInt8 { 0x3D }
    static var minus: UInt8 { 0x2D }
    static var plus: UInt8 { 0x2B }
    static var backtick: UInt8 { 0x60 }
    static var space: UInt8 { 0x20 }
    static var tab: UInt8 { 0x09 }
    static var ampersand: UInt8 { 0x26 }
    static var semicolon: UInt8 { 0x3B }
}
