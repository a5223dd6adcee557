import Foundation
import SiteModel

/// Where the post cache lives: beside the output folder, like the spare
/// (`.public.sitegen-cache`), never inside it, so the titles of drafts are
/// never served. Losing it costs one slower build and nothing else.
struct PostCacheFile {
    let path: String

    init(outputDirectory: String) {
        let output = FileSystem.resolved(outputDirectory)
        let parent = (output as NSString).deletingLastPathComponent
        path = parent + "/." + (output as NSString).lastPathComponent + ".sitegen-cache"
    }

    func read() -> PostCache {
        FileSystem.readOwnFile(path).map(PostCache.init(bytes:)) ?? PostCache()
    }

    /// Replaces the file in one rename, so a killed build leaves the old
    /// cache or the new one; a cache that cannot be written is skipped.
    func write(_ cache: PostCache) {
        let staged = path + ".new"
        do {
            try FileSystem.remove(staged)
            try FileSystem.writeNewFile(staged, cache.bytes)
            try FileSystem.rename(staged, path)
        } catch {
            try? FileSystem.remove(staged)
        }
    }
}
