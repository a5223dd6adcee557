import SiteModel

/// Where the search term cache lives: in the output's state folder
/// (`.sitegen/public/search-cache`), never inside the output, like the post
/// cache. Nil path for an output that can have no state folder.
struct SearchTermCacheFile {
    let path: String?

    init(outputDirectory: String) {
        path = StateFolder(outputDirectory: outputDirectory)?.searchCache
    }

    func read() -> SearchTermCache {
        path.flatMap(FileSystem.readOwnFile).map(SearchTermCache.init(bytes:)) ?? SearchTermCache()
    }

    /// Replaces the file in one rename; a cache that cannot be written is skipped.
    func write(_ contents: SearchTermCache.Contents) {
        guard let path else { return }
        contents.withPieces { pieces in _ = try? FileSystem.replaceFile(path, pieces: pieces) }
    }
}
