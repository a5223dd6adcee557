#if canImport(Glibc)
import Glibc
#endif

/// The folders being watched, one inotify watch each, kept in step with
/// the tree: a folder that appears is watched and then scanned (its files
/// may have been written before the watch was in place); one that goes is
/// forgotten. A root that does not exist yet, or is removed, is awaited in
/// its parent folder and watched as soon as it appears.
struct WatchedTree {
    private let inotify: Inotify
    private let roots: [String]
    private var folderOf: [Int32: String] = [:]
    private var watchOf: [String: Int32] = [:]
    /// Parent folders watched only for a missing root to appear: watch → (name → root).
    private var awaited: [Int32: [String: String]] = [:]

    init(roots: [String], inotify: Inotify) {
        self.inotify = inotify
        self.roots = roots
    }

    var watchedFolders: Set<String> { Set(watchOf.keys) }

    /// Watches every root's whole tree; a missing root is awaited in its
    /// parent. Fails only when neither a root nor its parent exists.
    mutating func start() throws(WatchError) {
        for root in roots {
            if isFolder(root) {
                _ = watchTree(root)
            } else if !awaitArrival(of: root) {
                throw WatchError("cannot watch \(root): neither it nor the folder it would be in exists")
            }
        }
    }

    /// What one event changed. Watching follows the tree as a side effect.
    mutating func apply(_ event: Inotify.Event) -> ChangeSet {
        if event.has(Inotify.queueOverflow) { return rescan() }
        if let names = awaited[event.watch] {
            guard let root = names[event.name], isFolder(root) else { return ChangeSet() }
            stopAwaiting(root)
            return ChangeSet(paths: watchTree(root).union([root]))
        }
        guard let folder = folderOf[event.watch] else { return ChangeSet() }
        if event.has(Inotify.ignored) || event.has(Inotify.deleteSelf) || event.has(Inotify.moveSelf) {
            return folderWentAway(folder, watch: event.watch)
        }
        let path = folder + "/" + event.name
        guard event.has(Inotify.isDirectory) else {
            return EditorFiles.isTemporary(event.name) ? ChangeSet() : ChangeSet(paths: [path])
        }
        if event.has(Inotify.create) || event.has(Inotify.movedTo) {
            return ChangeSet(paths: watchTree(path).union([path]))
        }
        if event.has(Inotify.delete) || event.has(Inotify.movedFrom) {
            forget(under: path)
        }
        return ChangeSet(paths: [path])
    }

    /// After lost events the tree may hold folders nobody watches: watch
    /// them all again (an existing watch is kept) and report the overflow.
    private mutating func rescan() -> ChangeSet {
        for root in roots where isFolder(root) {
            stopAwaiting(root)
            _ = watchTree(root)
        }
        return ChangeSet(overflowed: true)
    }

    /// Watches `folder` and every folder below it, then lists what is in
    /// them: the files found, which may be new since nobody was watching.
    private mutating func watchTree(_ folder: String) -> Set<String> {
        var found: Set<String> = []
        var pending = [folder]
        while let next = pending.popLast() {
            guard let watch = inotify.watch(next, mask: Inotify.folderMask) else { continue }
            if let old = watchOf[next], old != watch { folderOf[old] = nil }
            folderOf[watch] = next
            watchOf[next] = watch
            for (name, isFolder) in entries(of: next) {
                let path = next + "/" + name
                if isFolder {
                    pending.append(path)
                } else if !EditorFiles.isTemporary(name) {
                    found.insert(path)
                }
            }
        }
        return found
    }

    private mutating func folderWentAway(_ folder: String, watch: Int32) -> ChangeSet {
        guard folderOf[watch] != nil else { return ChangeSet() }
        forget(under: folder)
        if roots.contains(folder) {
            _ = awaitArrival(of: folder)
            return ChangeSet(paths: [folder])
        }
        return ChangeSet()
    }

    /// Drops the watches of `folder` and of every folder below it.
    private mutating func forget(under folder: String) {
        let prefix = folder + "/"
        for (path, watch) in watchOf where path == folder || path.hasPrefix(prefix) {
            watchOf[path] = nil
            folderOf[watch] = nil
            inotify.remove(watch)
        }
    }

    private mutating func awaitArrival(of root: String) -> Bool {
        let parent = Self.parent(of: root)
        if watchOf[parent] != nil { return true }  // already watched as part of the tree
        guard let watch = inotify.watch(parent, mask: Inotify.arrivalMask) else { return false }
        awaited[watch, default: [:]][Self.name(of: root)] = root
        return true
    }

    private mutating func stopAwaiting(_ root: String) {
        for (watch, names) in awaited where names[Self.name(of: root)] == root {
            awaited[watch]?[Self.name(of: root)] = nil
            if awaited[watch]?.isEmpty == true {
                awaited[watch] = nil
                if folderOf[watch] == nil { inotify.remove(watch) }
            }
        }
    }

    private func isFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The names in a folder, and which are folders (symbolic links are not followed).
    private func entries(of folder: String) -> [(String, Bool)] {
        guard let stream = opendir(folder) else { return [] }
        defer { closedir(stream) }
        var result: [(String, Bool)] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let type = entry.pointee.d_type
            let isFolder = type == UInt8(DT_DIR) || (type == UInt8(DT_UNKNOWN) && self.isFolder(folder + "/" + name))
            result.append((name, isFolder))
        }
        return result
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
}
