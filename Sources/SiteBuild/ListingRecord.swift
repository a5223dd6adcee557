import SiteModel

/// Lets a build skip listing folders of the output that nobody touched.
///
/// The commit must carry every file the user put in the output (a `CNAME`,
/// say) over to the new tree, so it looks in every folder for them. A
/// folder whose change time is older than the moment the tree was last
/// finished holds just what the tree's manifest says, unless it has a
/// subfolder the manifest does not know, which its link count tells. The
/// record, `listed` in the output's state folder (`.sitegen/public/`), keeps that
/// moment and the inode of the tree it is about; a record of another tree
/// (the spare, after a build killed between the swap and the record) is
/// ignored, and every folder is listed as before.
struct ListingRecord {
    private static let header = "sitegen listed 1"
    /// How much earlier than the moment of finishing the record says, so a
    /// change made just after it still counts: the kernel stamps with a
    /// clock that lags by a tick, and some file systems keep whole seconds.
    static let margin: Int64 = 2_000_000_000

    let path: String

    init(state: StateFolder) {
        path = state.listed
    }

    /// The instant before which a folder of the tree with this inode is as its manifest says; nil when unknown.
    func unchangedBefore(treeInode: UInt64) -> Int64? {
        guard let bytes = FileSystem.readOwnFile(path) else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        guard lines.count == 2, lines[0] == Self.header else { return nil }
        let fields = lines[1].split(separator: " ")
        guard fields.count == 2, let inode = UInt64(fields[0]), inode == treeInode, let instant = Int64(fields[1]) else { return nil }
        return instant
    }

    /// Records that the tree at `outputDirectory` was finished at `finished`;
    /// a record that cannot be written only costs the next build a full listing.
    func write(outputDirectory: String, finished: Int64) {
        guard let tree = FileSystem.folderStamp(outputDirectory) else { return }
        try? FileSystem.replaceFile(path, Array("\(Self.header)\n\(tree.inode) \(finished - Self.margin)\n".utf8))
    }
}
