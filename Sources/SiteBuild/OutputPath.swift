/// A path inside the output folder that cannot leave it: relative, no `..`,
/// no empty or hidden components, no control characters or backslashes.
/// Only the files of `content/static/` may have hidden components
/// (`.nojekyll`, `.well-known/`), and never `.` or `..`.
///
/// Checked byte by byte: every character it refuses is ASCII, and no byte of
/// a longer UTF-8 sequence is, so no character needs to be decoded.
struct OutputPath: Sendable {
    let text: String
    /// Where each `/` of `text` is, as UTF-8 offsets.
    private let slashes: [Int]

    init?(_ path: String, allowingHidden: Bool = false) {
        var slashes: [Int] = []
        var componentStart = 0
        var offset = 0
        /// Dots only, so far, in the current component: `.` and `..` are refused however hidden names are.
        var onlyDots = true
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "/"):
                guard offset > componentStart, !(onlyDots && offset - componentStart <= 2) else { return nil }
                slashes.append(offset)
                componentStart = offset + 1
                onlyDots = true
                offset += 1
                continue
            case UInt8(ascii: "."):
                guard allowingHidden || offset > componentStart else { return nil }
            case 0..<0x20, 0x7F, UInt8(ascii: "\\"):
                return nil
            default:
                break
            }
            if byte != UInt8(ascii: ".") { onlyDots = false }
            offset += 1
        }
        guard offset > componentStart, !(onlyDots && offset - componentStart <= 2) else { return nil }
        self.text = path
        self.slashes = slashes
    }

    /// Folders that must exist before the file is written, outermost first.
    var parentDirectories: [String] {
        let utf8 = text.utf8
        return slashes.map { String(Substring(utf8[..<utf8.index(utf8.startIndex, offsetBy: $0)])) }
    }
}
