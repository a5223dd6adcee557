import SiteModel

/// The folders of the live tree that have not changed since the tree was
/// finished (see `ListingRecord`), with what the manifest says each holds:
/// its subfolders and the user's files in it. Every folder is looked at
/// once, on every core, when the output is opened; after that, asking costs
/// no system call. In such a folder no entry was added, removed or renamed,
/// so each file the manifest lists is still there as the last build left it.
struct KnownFolders: Sendable {
    /// A folder's contents as the manifest has them.
    struct Contents: Sendable {
        let subfolders: [String]
        let foreignFiles: [String]
    }

    private var settled: [String: Contents] = [:]

    /// None known: every folder must be read, every file looked at.
    init() {}

    init(live: Manifest, outputDirectory: String, unchangedBefore: Int64, jobs: Int) {
        var subfolders: [String: [String]] = [:]
        var foreignFiles: [String: [String]] = [:]
        let folders = OutputStore.folders(holding: live.entries.keys).union(OutputStore.folders(holding: live.foreign))
        for folder in folders {
            subfolders[Self.parent(of: folder), default: []].append(folder)
        }
        for path in live.foreign {
            foreignFiles[Self.parent(of: path), default: []].append(path)
        }
        // A folder that changed since, or holds a subfolder the manifest does
        // not know (its link count tells), is left out: it must be read.
        let candidates = Array(folders)
        let subfolderCounts = subfolders.mapValues(\.count)
        let unchanged = candidates.parallelMap(jobs: jobs) { relative -> Bool in
            guard let stamp = FileSystem.folderStamp(outputDirectory + "/" + relative), stamp.changed < unchangedBefore else { return false }
            return stamp.links >= 2 && stamp.links - 2 == (subfolderCounts[relative] ?? 0)
        }
        settled.reserveCapacity(candidates.count)
        for (relative, isUnchanged) in zip(candidates, unchanged) where isUnchanged {
            settled[relative] = Contents(subfolders: subfolders[relative] ?? [], foreignFiles: foreignFiles[relative] ?? [])
        }
    }

    /// The folder's contents by the manifest, or nil when they must be read.
    func contents(of relative: String) -> Contents? {
        settled[relative]
    }

    /// True when the file's folder is known, so the file is where the manifest says.
    func holds(file relative: String) -> Bool {
        settled[Self.parent(of: relative)] != nil
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }
}
