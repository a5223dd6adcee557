import SiteModel

/// Where the post cache lives: in the output's state folder, like the spare
/// (`.sitegen/public/cache`), never inside the output, so the titles of
/// drafts are never served. Losing it costs one slower build and nothing
/// else. Nil for an output that can have no state folder (the build says why).
struct PostCacheFile {
    let path: String?

    init(outputDirectory: String) {
        path = StateFolder(outputDirectory: outputDirectory)?.cache
    }

    func read() -> PostCache {
        path.flatMap(FileSystem.readOwnFile).map(PostCache.init(bytes:)) ?? PostCache()
    }

    /// Replaces the file in one rename, so a killed build leaves the old
    /// cache or the new one; a cache that cannot be written is skipped.
    func write(_ bytes: [UInt8]) {
        guard let path else { return }
        try? FileSystem.replaceFile(path, bytes)
    }
}
