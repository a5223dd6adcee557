#if canImport(Glibc)
import Glibc
#endif
import CCmark

/// Finds where a link's destination is written in a body, for messages that
/// point at it. cmark's own positions for inlines are right on most lines
/// but not after a backslash line break or a code span over two lines, nor
/// for a link whose text spans lines; so the position is taken as a
/// starting point only when the source has a `[`, `!` or `<` there, and the
/// destination itself is looked for from there to the end of its paragraph.
/// A link whose destination is written elsewhere (`[text][ref]`) is placed
/// where it starts.
struct LinkPlaces {
    let source: UnsafeBufferPointer<UInt8>
    /// The offset each line starts at; made at the first link kept, most bodies having none.
    private var lineStarts: [Int] = []
    /// The lines of the paragraph or heading being walked, 1-based, as cmark counts them.
    private var blockLines = (first: 1, last: 0)
    private var block: Range<Int> = 0..<0
    private var blockIsPlaced = true
    /// Where the next destination of the block is looked for: after the last one found.
    private var cursor = 0

    init(source: UnsafeBufferPointer<UInt8>) {
        self.source = source
    }

    /// A paragraph or heading begins: its links are looked for within its
    /// lines (found in the source only when it holds a link that is kept).
    mutating func enterBlock(_ node: OpaquePointer) {
        blockLines = (Int(cmark_node_get_start_line(node)), Int(cmark_node_get_end_line(node)))
        blockIsPlaced = false
    }

    /// The byte offset of the destination `url` of `link`, or of the link itself.
    mutating func offset(of url: UnsafePointer<CChar>, link: OpaquePointer) -> Int {
        if lineStarts.isEmpty { lineStarts = Self.lineStarts(of: source) }
        if !blockIsPlaced {
            let first = blockLines.first - 1
            let start = first >= 0 && first < lineStarts.count ? lineStarts[first] : source.count
            let end = blockLines.last >= 0 && blockLines.last < lineStarts.count ? lineStarts[blockLines.last] : source.count
            block = start..<max(start, end)
            cursor = start
            blockIsPlaced = true
        }
        var start = cursor
        let line = Int(cmark_node_get_start_line(link)) - 1
        let column = Int(cmark_node_get_start_column(link)) - 1
        if line >= 0, line < lineStarts.count, column >= 0 {
            let at = lineStarts[line] + column
            if at < source.count, at >= cursor, [UInt8(ascii: "["), UInt8(ascii: "!"), UInt8(ascii: "<")].contains(source[at]) {
                start = at
            }
        }
        let length = strlen(url)
        guard length > 0, start < block.upperBound,
              let offset = Self.find(UnsafeRawPointer(url).assumingMemoryBound(to: UInt8.self), length,
                                     in: UnsafeBufferPointer(rebasing: source[start..<block.upperBound])) else {
            return min(start, source.count)
        }
        cursor = start + offset + length
        return start + offset
    }

    /// Where the `length` bytes at `needle` first occur in `haystack`.
    private static func find(_ needle: UnsafePointer<UInt8>, _ length: Int, in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = haystack.baseAddress, length <= haystack.count else { return nil }
        var index = 0
        while index + length <= haystack.count,
              let hit = memchr(base + index, Int32(needle[0]), haystack.count - length + 1 - index) {
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + at, needle, length) == 0 { return at }
            index = at + 1
        }
        return nil
    }

    private static func lineStarts(of source: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [0]
        guard let base = source.baseAddress else { return starts }
        var index = 0
        while index < source.count, let found = memchr(base + index, Int32(UInt8(ascii: "\n")), source.count - index) {
            index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            starts.append(index)
        }
        return starts
    }
}
