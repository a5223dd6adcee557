extension Array<UInt8> {
    /// Appends `integer` in decimal ASCII digits, with `-` when negative:
    /// written in place, least significant digit first, then turned around,
    /// with no string made for it.
    public mutating func appendDecimal(_ integer: Int) {
        if integer < 0 {
            append(UInt8(ascii: "-"))
        }
        let start = count
        var remaining = integer.magnitude
        repeat {
            append(UInt8(ascii: "0") + UInt8(remaining % 10))
            remaining /= 10
        } while remaining > 0
        self[start...].reverse()
    }
}
