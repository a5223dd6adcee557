/// Where the live-reload bytes go in a page: before the last `</body>`
/// (any letter case), or at the end when a page has none.
enum HTMLInjection {
    private static let closingBody = Array("</body".utf8)

    static func insertionPoint(in page: UnsafeRawBufferPointer) -> Int {
        let needle = closingBody.count
        guard page.count >= needle else { return page.count }
        var start = page.count - needle
        while start >= 0 {
            var matches = true
            for offset in 0..<needle where lowercased(page[start + offset]) != closingBody[offset] {
                matches = false
                break
            }
            if matches { return start }
            start -= 1
        }
        return page.count
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
