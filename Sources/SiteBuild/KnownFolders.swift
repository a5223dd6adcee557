/// What the live manifest says each folder of the live tree holds: its
/// subfolders and the user's files in it. Trusted only for a folder that
/// has not changed since the tree was finished (see `ListingRecord`).
struct KnownFolders: Sendable {
    /// A folder's contents as the manifest has them.
    struct Contents: Sendable {
        let subfolders: [String]
        let foreignFiles: [String]
    }

    private var subfolders: [String: [String]] = [:]
    private var foreignFiles: [String: [String]] = [:]
    private let unchangedBefore: Int64

    init(live: Manifest, unchangedBefore: Int64) {
        self.unchangedBefore = unchangedBefore
        for folder in OutputStore.folders(holding: live.entries.keys).union(OutputStore.folders(holding: live.foreign)) {
            subfolders[Self.parent(of: folder), default: []].append(folder)
        }
        for path in live.foreign {
            foreignFiles[Self.parent(of: path), default: []].append(path)
        }
    }

    /// The folder's contents by the manifest, or nil when they must be read:
    /// it changed since, or holds a subfolder the manifest does not know.
    func contents(of relative: String, at folder: String) -> Contents? {
        guard let stamp = FileSystem.folderStamp(folder), stamp.changed < unchangedBefore else { return nil }
        let known = subfolders[relative] ?? []
        guard stamp.links >= 2, stamp.links - 2 == known.count else { return nil }
        return Contents(subfolders: known, foreignFiles: foreignFiles[relative] ?? [])
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }
}
