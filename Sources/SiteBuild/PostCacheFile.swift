import SiteModel

/// Where the post cache lives: beside the output folder, like the spare
/// (`.public.sitegen-cache`), never inside it, so the titles of drafts are
/// never served. Losing it costs one slower build and nothing else.
struct PostCacheFile {
    let path: String

    init(outputDirectory: String) {
        path = FileSystem.hiddenSibling(of: FileSystem.resolved(outputDirectory), suffix: "sitegen-cache")
    }

    func read() -> PostCache {
        FileSystem.readOwnFile(path).map(PostCache.init(bytes:)) ?? PostCache()
    }

    /// Replaces the file in one rename, so a killed build leaves the old
    /// cache or the new one; a cache that cannot be written is skipped.
    func write(_ bytes: [UInt8]) {
        try? FileSystem.replaceFile(path, bytes)
    }
}
