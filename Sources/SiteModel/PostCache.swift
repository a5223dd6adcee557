/// What the last build learned from each post file, so that a file whose
/// stamp is the one recorded is neither read nor parsed again. Only posts
/// without any diagnostic are kept (so warnings are reported on every
/// build), and only files that had been still for `settlingTime` when they
/// were read. The cache is a speed-up and nothing else: damaged or from
/// another version, it is simply empty.
public struct PostCache: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        let stamp: FileStamp
        let sourceHash: UInt64
        let title: String
        let summary: String
        let date: PostDate?
        let isDraft: Bool
        /// Where the body (a JSON post's string, a Markdown post's tail) starts in the file.
        let bodyOffset: Int
        let bodyIsTail: Bool
        /// The body's outline but its reading length (which `details` holds).
        let links: [PostLink]
        let headings: [BodyHeading]
        let details: PostDetails
    }

    /// How long a file must have been unchanged before its stamp is trusted:
    /// far above a coarse clock tick, and above the one-second stamps of
    /// older file systems.
    public static let settlingTime: Int64 = 1_000_000_000
    private static let header = Array("sitegen post cache 8\n".utf8)

    /// By the file's path under `posts/` (`category/id.json`), so `--content content` and `--content ./content` share it.
    var entries: [String: Entry]
    /// What the entries' outlines were made with (see `ContentLoader.outlineKey`):
    /// a loader that makes them otherwise uses none of them.
    let outlineKey: String

    public init() {
        entries = [:]
        outlineKey = ""
    }

    init(entries: [String: Entry], outlineKey: String) {
        self.entries = entries
        self.outlineKey = outlineKey
    }

    public var count: Int { entries.count }

    /// True when `key` (a path under `posts/`: `notes/first.md`) is a post file the cache holds.
    public func holds(key: String) -> Bool {
        entries[key] != nil
    }

    /// True when every entry of this cache is in `other` too. A build whose
    /// cache only lost entries (a post edited a moment ago is not trusted
    /// yet) need not write it: an entry whose stamp no longer matches is
    /// never used.
    public func isSubset(of other: PostCache) -> Bool {
        outlineKey == other.outlineKey && entries.allSatisfy { key, entry in other.entries[key] == entry }
    }

    /// The cache a file held; empty when the bytes are not a cache of this version.
    public init(bytes: [UInt8]) {
        var reader = PostCacheReader(bytes: bytes)
        guard reader.expect(Self.header), let outlineKey = reader.text(), let count = reader.number() else {
            self.init()
            return
        }
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(Int(min(count, 1 << 24)))
        for _ in 0..<count {
            guard let path = reader.text(), let entry = reader.entry() else {
                self.init()
                return
            }
            entries[path] = entry
        }
        self.init(entries: reader.atEnd ? entries : [:], outlineKey: outlineKey)
    }

    /// The cache as bytes, entries sorted by path so the file is deterministic.
    public var bytes: [UInt8] {
        var output = Self.header
        output.reserveCapacity(entries.count * 160)
        PostCacheWriter.text(outlineKey, into: &output)
        PostCacheWriter.number(UInt64(entries.count), into: &output)
        for path in entries.keys.sorted() {
            guard let entry = entries[path] else { continue }
            PostCacheWriter.text(path, into: &output)
            PostCacheWriter.entry(entry, into: &output)
        }
        return output
    }

    /// The post the file under `key` held, when the file at `path` still has the recorded stamp.
    /// (Unchecked, when a watcher saw no write to it.)
    func post(forKey key: String, path: String, category: String, id: String,
              checkingStamp: Bool = true) -> (Post, Entry)? {
        guard let entry = entries[key], !checkingStamp || FileStamp.of(path) == entry.stamp else { return nil }
        let post = Post(id: id, category: category, title: entry.title, summary: entry.summary,
                        bodySource: entry.bodyIsTail ? .fileTail(offset: entry.bodyOffset) : .file(offset: entry.bodyOffset),
                        date: entry.date, isDraft: entry.isDraft, details: entry.details, sourcePath: path,
                        sourceHash: entry.sourceHash, links: entry.links, headings: entry.headings)
        return (post, entry)
    }

    /// The entry for a post read from its file; nil for one made in memory.
    static func entry(for post: Post, stamp: FileStamp) -> Entry? {
        let body: (offset: Int, isTail: Bool)
        switch post.bodySource {
        case .inMemory: return nil
        case .file(let offset): body = (offset, false)
        case .fileTail(let offset): body = (offset, true)
        }
        return Entry(stamp: stamp, sourceHash: post.sourceHash, title: post.title, summary: post.summary,
                     date: post.date, isDraft: post.isDraft, bodyOffset: body.offset, bodyIsTail: body.isTail,
                     links: post.links, headings: post.headings, details: post.details)
    }
}

/// Fixed-width little-endian numbers and length-prefixed UTF-8.
enum PostCacheWriter {
    static func number(_ value: UInt64, into output: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { output.append(contentsOf: $0) }
    }

    static func signed(_ value: Int64, into output: inout [UInt8]) {
        number(UInt64(bitPattern: value), into: &output)
    }

    static func text(_ value: String, into output: inout [UInt8]) {
        number(UInt64(value.utf8.count), into: &output)
        output.append(contentsOf: value.utf8)
    }

    static func entry(_ entry: PostCache.Entry, into output: inout [UInt8]) {
        let stamp = entry.stamp
        for value in [stamp.device, stamp.inode, stamp.size, entry.sourceHash] { number(value, into: &output) }
        signed(stamp.modified, into: &output)
        signed(stamp.changed, into: &output)
        text(entry.title, into: &output)
        text(entry.summary, into: &output)
        date(entry.date, into: &output)
        number(entry.isDraft ? 1 : 0, into: &output)
        number(UInt64(entry.bodyOffset), into: &output)
        number(entry.bodyIsTail ? 1 : 0, into: &output)
        number(UInt64(entry.links.count), into: &output)
        for link in entry.links {
            number(UInt64(link.bodyOffset), into: &output)
            text(link.destination, into: &output)
        }
        number(UInt64(entry.headings.count), into: &output)
        for heading in entry.headings {
            number(UInt64(heading.level), into: &output)
            text(heading.id, into: &output)
        }
        entry.details.write(into: &output)
    }

    static func date(_ date: PostDate?, into output: inout [UInt8]) {
        if let date {
            number(1, into: &output)
            for value in [date.year, date.month, date.day] { signed(Int64(value), into: &output) }
            signed(date.instant, into: &output)
        } else {
            number(0, into: &output)
        }
    }

    static func optionalText(_ value: String?, into output: inout [UInt8]) {
        if let value {
            number(1, into: &output)
            text(value, into: &output)
        } else {
            number(0, into: &output)
        }
    }
}

/// Reads what `Writer` wrote; every read checks the bounds and returns nil past them.
struct PostCacheReader {
    let bytes: [UInt8]
    var offset = 0

    var atEnd: Bool { offset == bytes.count }

    mutating func expect(_ prefix: [UInt8]) -> Bool {
        guard bytes.count >= prefix.count, bytes[0..<prefix.count].elementsEqual(prefix) else { return false }
        offset = prefix.count
        return true
    }

    mutating func number() -> UInt64? {
        guard bytes.count - offset >= 8 else { return nil }
        let value = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
        offset += 8
        return UInt64(littleEndian: value)
    }

    mutating func signed() -> Int64? {
        number().map { Int64(bitPattern: $0) }
    }

    mutating func text() -> String? {
        guard let count = number(), count <= UInt64(bytes.count - offset) else { return nil }
        let end = offset + Int(count)
        guard let text = String(validating: bytes[offset..<end], as: UTF8.self) else { return nil }
        offset = end
        return text
    }

    mutating func entry() -> PostCache.Entry? {
        guard let device = number(), let inode = number(), let size = number(), let sourceHash = number(),
              let modified = signed(), let changed = signed(),
              let title = text(), let summary = text(), let date = date() else { return nil }
        guard let draft = number(), draft <= 1, let bodyOffset = number(), bodyOffset <= size,
              let tail = number(), tail <= 1, let linkCount = number(), linkCount <= size else { return nil }
        var links: [PostLink] = []
        for _ in 0..<linkCount {
            guard let offset = number(), offset <= size, let destination = text() else { return nil }
            links.append(PostLink(destination: destination, bodyOffset: Int(offset)))
        }
        guard let headingCount = number(), headingCount <= size else { return nil }
        var headings: [BodyHeading] = []
        for _ in 0..<headingCount {
            guard let level = number(), (1...6).contains(level), let id = text() else { return nil }
            headings.append(BodyHeading(level: Int(level), id: id))
        }
        guard let details = PostDetails(reading: &self) else { return nil }
        return PostCache.Entry(stamp: FileStamp(device: device, inode: inode, size: size, modified: modified, changed: changed),
                               sourceHash: sourceHash, title: title, summary: summary, date: date, isDraft: draft == 1,
                               bodyOffset: Int(bodyOffset), bodyIsTail: tail == 1, links: links, headings: headings, details: details)
    }

    /// `.some(nil)` for a date recorded as absent; nil when the bytes are not a date.
    mutating func date() -> PostDate?? {
        guard let hasDate = number(), hasDate <= 1 else { return nil }
        guard hasDate == 1 else { return .some(nil) }
        guard let year = signed(), let month = signed(), let day = signed(), let instant = signed() else { return nil }
        return PostDate(year: Int(truncatingIfNeeded: year), month: Int(truncatingIfNeeded: month),
                        day: Int(truncatingIfNeeded: day), instant: instant)
    }

    mutating func optionalText() -> String?? {
        guard let present = number(), present <= 1 else { return nil }
        guard present == 1 else { return .some(nil) }
        return text().map { .some($0) }
    }
}
