import Foundation
import SiteModel

extension OutputStore {
    /// Makes the staged site the live one and returns what changed.
    /// With nothing changed, the output folder is left exactly as it is.
    public func commit() throws(OutputError) -> Counts {
        do {
            guard let live else {
                try openSpare()
                if !spareIsFresh { try removeWhatThisBuildDidNotMake(in: "", builtFolders: Self.folders(holding: next.entries.keys)) }
                let text = try finishSpare(sortedPaths: nil)
                try flushSpare()
                let finished = FileStamp.now
                try FileSystem.rename(spareDirectory, outputDirectory)
                try flushSwap()
                listingRecord.write(outputDirectory: outputDirectory, finished: finished)
                knowledge = OutputKnowledge(live: next, livePaths: text.paths, liveText: text, spare: nil)
                return counts
            }
            // A build that kept the live files removes only those it dropped.
            removedPaths = keptLive ? dropped : live.entries.keys.filter { next.entries[$0] == nil }
            counts.removed = removedPaths.count
            guard !changed.isEmpty || counts.removed > 0 else {
                let refreshed = try refreshLiveManifest(live)
                knowledge = OutputKnowledge(live: refreshed, livePaths: next.entries.count == live.entries.count ? knownLivePaths : nil,
                                            liveText: refreshed == live ? knownLiveText : nil, spare: knownSpare)
                return counts
            }
            try openSpare()
            try linkUnchangedFiles()
            try removeFilesNoLongerBuilt()
            try carryOverForeignFiles(live)
            // The same files as the live tree's: its sorted paths serve again.
            let samePaths = removedPaths.isEmpty && next.entries.count == live.entries.count
            let text = try finishSpare(sortedPaths: samePaths ? knownLivePaths : nil)
            try flushSpare()
            let finished = FileStamp.now
            try swapSpareIn()
            try flushSwap()
            listingRecord.write(outputDirectory: outputDirectory, finished: finished)
            try FileSystem.writeNewFile(spareDirectory + "/" + Self.behindList, Self.behindList(changed))
            knowledge = OutputKnowledge(live: next, livePaths: text.paths, liveText: text,
                                        spare: .init(manifest: live, behind: changed, extra: removedPaths))
            return counts
        } catch let error as OutputError {
            throw error
        } catch {
            throw OutputError("\(error)")
        }
    }

    /// Every file whose bytes did not change becomes, in the spare, the very
    /// inode the live tree has, so it keeps its mtime across the swap.
    /// A spare known from this process's last commit differs from the live
    /// tree in its `behind` files alone, so only those are looked at.
    private func linkUnchangedFiles() throws(FileSystem.Failure) {
        let candidates: any Sequence<String> = if trusted, knownSpare != nil, let behind = spareBehind {
            behind.lazy.filter { self.next.entries[$0] != nil }
        } else {
            next.entries.keys
        }
        for relative in candidates where !changed.contains(relative) {
            if let behind = spareBehind, spare?.entries[relative] != nil, !behind.contains(relative) { continue }
            let liveFile = outputDirectory + "/" + relative
            let spareFile = spareDirectory + "/" + relative
            guard case .file(_, let inode) = FileSystem.kind(liveFile) else { continue }
            if case .file(_, inode) = FileSystem.kind(spareFile) { continue }
            // Every entry passed `OutputPath` when it was staged; static files may be hidden.
            guard let path = OutputPath(relative, allowingHidden: true) else { continue }
            try makeParents(of: path)
            try FileSystem.remove(spareFile)
            try FileSystem.hardLink(liveFile, spareFile)
        }
    }

    /// Files the spare holds from the build before last that this build does not make.
    /// When this build kept the live files, those are the spare's known extras.
    private func removeFilesNoLongerBuilt() throws(FileSystem.Failure) {
        guard let spare else { return }
        let candidates: any Sequence<String> = if trusted, keptLive, let extra = knownSpare?.extra { extra + dropped } else { spare.entries.keys }
        for relative in candidates where next.entries[relative] == nil {
            let spareFile = spareDirectory + "/" + relative
            try FileSystem.remove(spareFile)
            FileSystem.removeEmptyParents(of: spareFile, below: spareDirectory)
        }
    }

    /// Files in the output that no build wrote (a CNAME, say) belong to the
    /// user: the spare gets the same ones, so the swap keeps them in place.
    /// In a tree only this process writes, they are the ones it had.
    private func carryOverForeignFiles(_ live: Manifest) throws {
        let foreign = trusted ? live.foreign : try collectForeign(live: live, builtFolders: Self.folders(holding: next.entries.keys))
        // The spare was the live tree before this one: it also holds the
        // files the user added to it then, which the live manifest lists.
        let spareForeign = (spare?.foreign ?? []).union(live.foreign)
        for relative in spareForeign.subtracting(foreign) where next.entries[relative] == nil {
            try FileSystem.remove(spareDirectory + "/" + relative)
        }
        for relative in foreign.sorted() {
            let liveFile = outputDirectory + "/" + relative
            let spareFile = spareDirectory + "/" + relative
            if next.entries[relative] != nil {
                throw OutputError("\(liveFile): error: refusing to replace a file sitegen did not write; move it away")
            }
            if case .file(_, let inode) = FileSystem.kind(liveFile), case .file(_, inode) = FileSystem.kind(spareFile) { continue }
            for folder in OutputPath(relative, allowingHidden: true)?.parentDirectories ?? [] {
                try FileSystem.ensureDirectory(spareDirectory + "/" + folder)
            }
            try FileSystem.remove(spareFile)
            try FileSystem.hardLink(liveFile, spareFile)
        }
        next.foreign = foreign
    }

    /// Makes the spare hold only this build's files, when it is to become
    /// the output of a live tree deleted by hand: the user's files it carried
    /// went with that tree and do not come back. Its manifest cannot say
    /// which they are (the user may have added them after it was written),
    /// so its folders are read; this happens once, after such a delete.
    private func removeWhatThisBuildDidNotMake(in relative: String, builtFolders: Set<String>) throws(FileSystem.Failure) {
        let folder = relative.isEmpty ? spareDirectory : spareDirectory + "/" + relative
        for entry in FileReading.entries(ofDirectory: folder, followLinks: false) ?? [] {
            let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
            if relative.isEmpty, entry.name == Self.dirtyMarker || entry.name == Manifest.fileName { continue }
            if entry.kind == .directory, builtFolders.contains(path) {
                try removeWhatThisBuildDidNotMake(in: path, builtFolders: builtFolders)
            } else if entry.kind == .directory || next.entries[path] == nil {
                try FileSystem.remove(entry.path)
            }
        }
    }

    /// Every folder above any of `paths`. A folder's parents are added only
    /// when the folder itself is new, so each path costs one lookup, mostly.
    static func folders(holding paths: some Sequence<String>) -> Set<String> {
        var folders: Set<String> = []
        for path in paths {
            var end = path.utf8.lastIndex(of: UInt8(ascii: "/"))
            while let slash = end, folders.insert(String(path[..<slash])).inserted {
                end = path.utf8[..<slash].lastIndex(of: UInt8(ascii: "/"))
            }
        }
        return folders
    }

    /// Walks the live tree for what no build wrote, one depth at a time, the
    /// folders of each depth read on every core. Folders of the new site
    /// exist in the spare already; any other folder is made there too, so an
    /// empty folder of the user's survives the swap, but not one the last
    /// build wrote and this one does not (a removed post's or static file's).
    /// A folder untouched since the tree was finished is taken from the
    /// manifest instead of read.
    private func collectForeign(live: Manifest, builtFolders: Set<String>) throws -> Set<String> {
        let known = known
        var liveFolders: Set<String>?
        func wasBuilt(_ path: String) -> Bool {
            if liveFolders == nil { liveFolders = Self.folders(holding: live.entries.keys) }
            return liveFolders?.contains(path) ?? false
        }
        var foreign: Set<String> = []
        var depth = [""]
        let output = outputDirectory
        while !depth.isEmpty {
            let listings = depth.parallelMap(jobs: jobs) { relative -> Listing in
                let folder = relative.isEmpty ? output : output + "/" + relative
                if let contents = known.contents(of: relative) { return .known(contents) }
                return .read(FileReading.entries(ofDirectory: folder, followLinks: false) ?? [])
            }
            var deeper: [String] = []
            func descend(into path: String) throws {
                if !builtFolders.contains(path), !wasBuilt(path) {
                    // Its parent may be a folder the last build wrote and this one does not.
                    for folder in (OutputPath(path, allowingHidden: true)?.parentDirectories ?? []) + [path] {
                        try FileSystem.ensureDirectory(spareDirectory + "/" + folder)
                    }
                }
                deeper.append(path)
            }
            for (relative, listing) in zip(depth, listings) {
                switch listing {
                case .known(let contents):
                    foreign.formUnion(contents.foreignFiles)
                    for path in contents.subfolders { try descend(into: path) }
                case .read(let entries):
                    for entry in entries {
                        let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
                        if path == Manifest.fileName || live.entries[path] != nil { continue }
                        switch entry.kind {
                        case .directory:
                            try descend(into: path)
                        case .symbolicLink where builtFolders.contains(path):
                            throw OutputError("\(entry.path): error: a symbolic link stands where sitegen writes a folder; remove it")
                        case .file, .symbolicLink, .other, .unknown:
                            foreign.insert(path)
                        }
                    }
                }
            }
            depth = deeper
        }
        return foreign
    }

    private enum Listing: Sendable {
        case known(KnownFolders.Contents)
        case read([DirectoryEntry])
    }

    /// The spare's manifest goes in last, then the marker that it is half-done
    /// goes away. Returns the manifest as written. A build that kept the live
    /// files of a tree this process knows changes only the lines of the files
    /// it rendered again.
    private func finishSpare(sortedPaths known: [String]?) throws(FileSystem.Failure) -> ManifestText {
        let manifest = spareDirectory + "/" + Manifest.fileName
        let text = keptLive ? knownLiveText?.replacing(rendered, from: next) : nil
        let written = text ?? ManifestText(next, sortedPaths: known ?? next.sortedPaths(jobs: jobs), jobs: jobs)
        try FileSystem.remove(manifest)
        try FileSystem.writeNewFile(manifest, written.bytes)
        try FileSystem.remove(spareDirectory + "/" + Self.behindList)
        try FileSystem.remove(spareDirectory + "/" + Self.dirtyMarker)
        return written
    }

    /// The new tree's files and folders reach the disk before it replaces
    /// the live one, so a power cut just after the swap cannot leave empty
    /// or torn files in the live tree.
    private func flushSpare() throws(FileSystem.Failure) {
        if durable { try FileSystem.syncFileSystem(of: spareDirectory) }
    }

    /// The swap itself reaches the disk before the build reports success:
    /// both folders whose entries it changed.
    private func flushSwap() throws(FileSystem.Failure) {
        guard durable else { return }
        try FileSystem.sync((outputDirectory as NSString).deletingLastPathComponent)
        try FileSystem.sync(state.path)
    }

    private func swapSpareIn() throws(FileSystem.Failure) {
        if try FileSystem.exchange(spareDirectory, outputDirectory) { return }
        let retired = spareDirectory + "-old"
        FileSystem.removeTree(retired)
        try FileSystem.rename(outputDirectory, retired)
        try FileSystem.rename(spareDirectory, outputDirectory)
        try FileSystem.rename(retired, spareDirectory)
    }

    /// When only fingerprints changed (new templates giving the same bytes),
    /// the live manifest is replaced on its own, atomically.
    /// Returns the live manifest as it now is.
    private func refreshLiveManifest(_ live: Manifest) throws(FileSystem.Failure) -> Manifest {
        var updated = next
        updated.foreign = live.foreign
        guard updated != live else { return live }
        try FileSystem.replaceFile(outputDirectory + "/" + Manifest.fileName, updated.bytes(jobs: jobs), durable: durable)
        return updated
    }
}
