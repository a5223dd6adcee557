/// Which paths of the content folder changed since the last load, as a file
/// watcher reports them; `unknown` when nobody watched (a new process, an
/// overflowed watch), so every file's stamp must be checked.
public enum ContentChanges: Sendable, Equatable {
    case unknown
    /// Paths relative to the content folder: `site.json`, `posts/notes`,
    /// `posts/notes/first.md`. A folder stands for everything under it.
    case paths(Set<String>)

    var isKnown: Bool {
        if case .paths = self { return true }
        return false
    }

    /// True when the watcher saw no write to the post file under `posts/`
    /// whose cache key is `postKey` (`notes/first.md`, `notes/first/index.md`),
    /// nor to a folder above it.
    func leavesUnchanged(postKey: String) -> Bool {
        guard case .paths(let changed) = self else { return false }
        if changed.isEmpty { return true }
        var path = Substring("posts/" + postKey)
        while true {
            if changed.contains(String(path)) { return false }
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { break }
            path = path[..<slash]
        }
        return !changed.contains("")
    }

    /// True when every change is known and is to a post file that `cache`
    /// holds (so to a post that loaded without a problem): no setting, static
    /// file, post folder's other file, or post added or removed.
    public func onlyPostFiles(of cache: PostCache) -> Bool {
        guard case .paths(let changed) = self else { return false }
        return changed.allSatisfy { $0.hasPrefix("posts/") && cache.holds(key: String($0.dropFirst("posts/".count))) }
    }

    /// True when nothing under `folder` (relative, such as `static`) changed.
    public func leavesUnchanged(folder: String) -> Bool {
        guard case .paths(let changed) = self else { return false }
        return !changed.contains("") && !changed.contains { $0 == folder || $0.hasPrefix(folder + "/") }
    }
}
