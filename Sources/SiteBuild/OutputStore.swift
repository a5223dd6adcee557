import Foundation
import SiteModel
import SiteViews

/// The only code that writes the site.
///
/// Two trees take turns: the live output folder and a spare in its state
/// folder (`.sitegen/public/spare`), which holds the build before last. A build
/// brings the spare up to date — writing only files whose bytes changed and
/// hard-linking the rest from the live tree, so they keep inode and mtime —
/// then swaps the two folders in one `renameat2(RENAME_EXCHANGE)`. Readers,
/// and a build killed at any instant, see the whole old site or the whole new
/// one; a build that changes nothing touches nothing.
public final class OutputStore: @unchecked Sendable {
    public struct Counts: Sendable, Equatable {
        public var written = 0
        public var unchanged = 0
        public var removed = 0
    }

    /// The resolved output folder.
    public let outputDirectory: String
    let spareDirectory: String
    /// Where sitegen keeps its own state for this output, beside it.
    let state: StateFolder
    /// What the live tree holds; nil before the first build.
    let live: Manifest?
    let lock = NSLock()
    var next = Manifest()
    var changed: Set<String> = []
    /// What the spare held when this build opened it; nil until a file must change.
    var spare: Manifest?
    /// True when the spare was made empty by this build, so no file is in the way of a new one.
    var spareIsFresh = false
    /// The spare, held open once `openSpare` has made it ready: files are
    /// made relative to it (`FileSystem.openFolder`).
    var spareFolder: Int32 = -1
    /// Files of the spare known to differ from the live tree; nil when unknown.
    var spareBehind: Set<String>?
    var madeDirectories: Set<String> = []
    let listingRecord: ListingRecord
    /// Folders of the live tree untouched since it was finished, whose files need not be looked at.
    let known: KnownFolders
    var counts = Counts()
    /// Threads the commit may use to walk the live tree.
    let jobs: Int
    /// True when opened from what this process's last commit knew: the trees
    /// are as it left them, so nothing in them needs looking at.
    let trusted: Bool
    /// The spare as this process's last commit left it, when known.
    let knownSpare: OutputKnowledge.Spare?
    /// The live tree's paths, sorted, and its manifest as written, when known.
    let knownLivePaths: [String]?
    let knownLiveText: ManifestText?
    /// True once every live file was taken as this build's, to be replaced
    /// by the files rendered again (see `keepLiveFiles`).
    var keptLive = false
    /// In a build that kept the live files, the ones it makes no more (`drop`).
    var dropped: [String] = []
    /// In a build that kept the live files, the ones rendered again.
    var rendered: Set<String> = []
    /// What the commit removed from the live tree.
    var removedPaths: [String] = []
    /// The trees as the commit left them, for the next build of this process.
    var knowledge: OutputKnowledge?
    /// Whether the new tree reaches the disk before it replaces the live one,
    /// and the swap before the commit returns, so a power cut cannot tear a
    /// finished build. Off only for throwaway output (`--no-sync`).
    let durable: Bool

    static let dirtyMarker = ".sitegen-dirty"
    /// Left in the spare after a swap: the files the swap brought in new, the
    /// only ones in which the spare and the live tree differ.
    static let behindList = ".sitegen-behind"

    /// Claims the output folder: refuses one that sitegen did not create, or
    /// one that would overwrite the build's own input.
    public init(outputDirectory: String, protecting inputs: [String], jobs: Int = 1, durable: Bool = true) throws(OutputError) {
        try Self.checkPlace(of: outputDirectory, protecting: inputs)
        let output = FileSystem.resolved(outputDirectory)
        self.outputDirectory = output
        self.jobs = jobs
        trusted = false
        knownSpare = nil
        knownLivePaths = nil
        knownLiveText = nil
        self.durable = durable
        state = try StateFolder.of(outputDirectory)
        switch FileSystem.kind(output) {
        case .missing:
            live = nil
        case .directory:
            if let bytes = FileSystem.readOwnFile(output + "/" + Manifest.fileName) {
                guard let manifest = Manifest(bytes: bytes) else {
                    throw OutputError("\(outputDirectory)/\(Manifest.fileName): error: the manifest is damaged; move the output folder away and build again")
                }
                live = manifest
            } else if (FileReading.entries(ofDirectory: output, followLinks: false) ?? []).isEmpty {
                live = Manifest()
            } else {
                throw OutputError("\(outputDirectory): error: the folder is not empty and was not written by sitegen; refusing to build into it (choose another --output or empty it)")
            }
        case .file, .other:
            throw OutputError("\(outputDirectory): error: the output path exists and is not a folder")
        }
        if try state.make() { try state.adoptOldLayout(outputDirectory: outputDirectory) }
        spareDirectory = state.spare
        let record = ListingRecord(state: state)
        listingRecord = record
        if let live, let tree = FileSystem.folderStamp(output), let instant = record.unchangedBefore(treeInode: tree.inode) {
            known = KnownFolders(live: live, outputDirectory: output, unchangedBefore: instant, jobs: jobs)
        } else {
            known = KnownFolders()
        }
    }

    /// Reopens the output folder of an earlier build of this process from what
    /// that build's commit knew, reading nothing: for a folder nobody else
    /// writes, held locked between builds (`sitegen serve`'s private folder).
    init(outputDirectory: String, protecting inputs: [String], jobs: Int, durable: Bool,
         knowing knowledge: OutputKnowledge) throws(OutputError) {
        try Self.checkPlace(of: outputDirectory, protecting: inputs)
        self.outputDirectory = FileSystem.resolved(outputDirectory)
        self.jobs = jobs
        self.durable = durable
        trusted = true
        knownSpare = knowledge.spare
        knownLivePaths = knowledge.livePaths
        knownLiveText = knowledge.liveText
        state = try StateFolder.of(outputDirectory)
        live = knowledge.live
        spareDirectory = state.spare
        listingRecord = ListingRecord(state: state)
        known = KnownFolders()
    }

    /// Takes every file of the live tree as this build's, unchanged, so that
    /// only the jobs whose inputs changed need to run: for a build that knows
    /// it makes the same files as the last one, from the same inputs but a
    /// few. Each file written or reused afterwards replaces its entry.
    func keepLiveFiles() {
        lock.withLock {
            guard let live, next.entries.isEmpty else { return }
            next.entries = live.entries
            counts.unchanged = live.entries.count
            keptLive = true
        }
    }

    /// Takes live files out of a build that kept them (`keepLiveFiles`):
    /// ones it no longer makes, which the commit then removes. A build that
    /// did not keep them removes every file it does not make anyway.
    func drop(_ paths: [String]) {
        guard !paths.isEmpty else { return }
        lock.withLock {
            guard keptLive else { return }
            for path in paths where !rendered.contains(path) && next.entries.removeValue(forKey: path) != nil {
                counts.unchanged -= 1
                dropped.append(path)
            }
        }
    }

    /// The paths of the files this build wrote (new or with new bytes).
    public var writtenPaths: Set<String> { lock.withLock { changed } }

    /// Refuses an output folder that is, holds or lies inside a folder the
    /// build reads (a build replaces the whole output folder), or whose
    /// parent folder does not exist. Called before anything beside the
    /// output is made, and by a build before it reads its content.
    public static func checkPlace(of outputDirectory: String, protecting inputs: [String]) throws(OutputError) {
        let output = FileSystem.resolved(outputDirectory)
        guard FileSystem.kind((output as NSString).deletingLastPathComponent) == .directory else {
            throw OutputError("\(outputDirectory): error: the folder that should hold the output does not exist")
        }
        let advice = "choose an output folder outside the content and templates folders"
        for input in inputs.map(FileSystem.resolved) {
            if output == input {
                throw OutputError("\(outputDirectory): error: the output folder is \(input), which the build reads; \(advice)")
            }
            if output == "/" || input.hasPrefix(output + "/") {
                throw OutputError("\(outputDirectory): error: the output folder holds \(input), which the build reads, and a build replaces the whole output folder; \(advice)")
            }
            if output.hasPrefix(input + "/") {
                throw OutputError("\(outputDirectory): error: the output folder is inside \(input), which the build reads; \(advice)")
            }
        }
    }

    /// Makes room for `count` files at once, rather than growing the record of
    /// this build's files while every thread waits on its lock.
    public func expect(fileCount count: Int) {
        lock.withLock {
            next.entries.reserveCapacity(count)
            if live == nil { changed.reserveCapacity(count) }
        }
    }

    /// True, and the files counted as unchanged, when each live file was
    /// rendered from inputs with this fingerprint and is still in place: there
    /// is no need to render them again.
    public func reuse(_ paths: [String], fingerprint: UInt64) -> Bool {
        reuse(paths.map { ($0, fingerprint) })
    }

    /// The same for files of different fingerprints: all of them, or none.
    func reuse(_ files: [(path: String, fingerprint: UInt64)]) -> Bool {
        let entries = files.compactMap { file in
            live?.entries[file.path].flatMap {
                $0.fingerprint == file.fingerprint && liveFileIsAsRecorded(file.path, $0) ? (file.path, $0) : nil
            }
        }
        guard entries.count == files.count else { return false }
        return (try? record(entries, isChange: false)) != nil
    }

    /// Stages one file. Safe to call from many threads for different paths.
    /// Only a file of `content/static/` may be `allowingHidden` (`.nojekyll`).
    public func write(_ file: RenderedFile, fingerprint: UInt64 = 0, allowingHidden: Bool = false) throws(OutputError) {
        guard let path = OutputPath(file.path, allowingHidden: allowingHidden) else {
            throw OutputError("\(outputDirectory)/\(file.path): error: refusing to write outside the output folder")
        }
        let relative = path.text
        let entry = Manifest.Entry(contentHash: StableHash.of(file.bytes), fingerprint: fingerprint, size: file.bytes.count)
        if let old = live?.entries[relative], old.contentHash == entry.contentHash, old.size == entry.size,
           liveFileIsAsRecorded(relative, old) {
            try record([(relative, entry)], isChange: false)
            return
        }
        if let live, live.entries[relative] == nil, FileSystem.kind(String(joining: outputDirectory, "/", relative)).isFileOrLink {
            throw OutputError("\(outputDirectory)/\(relative): error: refusing to replace a file sitegen did not write; move it away")
        }
        try record([(relative, entry)], isChange: true)
        do {
            try openSpare()
            if live == nil, spareHolds(relative, entry) { return }
            try makeParents(of: path)
            // A file already there may be a hard link to the live one: it is
            // replaced, never written through. (A failed unlink costs a
            // directory search, so a fresh spare skips it.)
            if !spareIsFresh { try FileSystem.remove(String(joining: spareDirectory, "/", relative)) }
            try FileSystem.writeNewFile(relative, in: spareFolder, path: String(joining: spareDirectory, "/", relative), file.bytes)
        } catch {
            throw OutputError(error.description)
        }
    }

    /// Runs `body` on what this build has staged so far, path by path.
    func withStagedEntries<T>(_ body: ([String: Manifest.Entry]) -> T) -> T {
        lock.withLock { body(next.entries) }
    }

    /// Throws the staged files away; the output folder stays as it was. A
    /// spare made for this build alone goes; an older one stays, marked
    /// half-done, and the next build starts it afresh.
    public func discard() {
        if live == nil, lock.withLock({ spareIsFresh }) { FileSystem.removeTree(spareDirectory) }
    }

    /// With no live tree (the output was deleted by hand), the spare, which
    /// holds the build before last, becomes the new output: a file it holds
    /// with the same bytes is kept rather than written again, and nothing
    /// has to be deleted first.
    private func spareHolds(_ relative: String, _ entry: Manifest.Entry) -> Bool {
        guard let kept = lock.withLock({ spare?.entries[relative] }), kept.contentHash == entry.contentHash,
              kept.size == entry.size, case .file(let size, _) = FileSystem.kind(String(joining: spareDirectory, "/", relative)) else { return false }
        return size == entry.size
    }

    /// True when the live tree holds the file the manifest entry describes:
    /// its folder is known untouched, or the file is there with that size.
    private func liveFileIsAsRecorded(_ relative: String, _ entry: Manifest.Entry) -> Bool {
        if trusted || known.holds(file: relative) { return true }
        guard live != nil, case .file(let actual, _) = FileSystem.kind(String(joining: outputDirectory, "/", relative)) else { return false }
        return actual == entry.size
    }

    private func record(_ files: [(path: String, entry: Manifest.Entry)], isChange: Bool) throws(OutputError) {
        lock.lock()
        defer { lock.unlock() }
        for (relative, entry) in files {
            if keptLive {
                guard rendered.insert(relative).inserted else {
                    throw OutputError("\(outputDirectory)/\(relative): error: two pages would be written to the same file")
                }
                if next.entries.updateValue(entry, forKey: relative) != nil { counts.unchanged -= 1 }
            } else if next.entries.updateValue(entry, forKey: relative) != nil {
                throw OutputError("\(outputDirectory)/\(relative): error: two pages would be written to the same file")
            }
            if isChange {
                changed.insert(relative)
                counts.written += 1
            } else {
                counts.unchanged += 1
            }
        }
    }

    /// Opens the spare for writing, once: a spare left whole by an earlier build
    /// is updated in place (also when the output was deleted: it becomes the
    /// output); one a killed build left half-done is started afresh.
    func openSpare() throws(FileSystem.Failure) {
        lock.lock()
        defer { lock.unlock() }
        guard spare == nil else { return }
        let marker = spareDirectory + "/" + Self.dirtyMarker
        if live != nil, let knownSpare {
            spare = knownSpare.manifest
            spareBehind = knownSpare.behind
        } else if FileSystem.kind(marker) == .missing,
           let bytes = FileSystem.readOwnFile(spareDirectory + "/" + Manifest.fileName),
           let manifest = Manifest(bytes: bytes) {
            spare = manifest
            spareBehind = FileSystem.readOwnFile(spareDirectory + "/" + Self.behindList).flatMap(Self.behindPaths)
        } else {
            FileSystem.removeTree(spareDirectory)
            try FileSystem.makeDirectory(spareDirectory)
            spare = Manifest()
            spareIsFresh = true
        }
        try FileSystem.writeNewFile(marker, [])
        spareFolder = try FileSystem.openFolder(spareDirectory)
    }

    deinit {
        if spareFolder >= 0 { close(spareFolder) }
    }

    /// The list of files the spare is behind on, written after the swap; it
    /// ends with a line no path can be, so a list cut short (by a power cut)
    /// is known as such and not trusted.
    static func behindList(_ paths: Set<String>) -> [UInt8] {
        Array((paths.sorted() + [Self.behindListEnd, ""]).joined(separator: "\n").utf8)
    }

    static func behindPaths(_ bytes: [UInt8]) -> Set<String>? {
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.popLast() == "", lines.popLast().map(String.init) == Self.behindListEnd else { return nil }
        return Set(lines.map(String.init))
    }

    private static let behindListEnd = "/"

    /// Makes the folders above `path`, outside the lock: `mkdir` is atomic,
    /// so when two threads make the same folder one succeeds and the other
    /// finds it there, and a folder is marked made only once it exists.
    /// (Under the lock, every thread waited for each of the other's `mkdir`s.)
    /// Only clearing a file out of the way takes the lock. A file's own
    /// folder made means the ones above it were, so that is looked up first.
    func makeParents(of path: OutputPath) throws(FileSystem.Failure) {
        let directories = path.parentDirectories
        guard let own = directories.last, !lock.withLock({ madeDirectories.contains(own) }) else { return }
        for directory in directories where !lock.withLock({ madeDirectories.contains(directory) }) {
            if !FileSystem.madeOrFoundDirectory(directory, in: spareFolder) {
                lock.lock()
                defer { lock.unlock() }
                try FileSystem.ensureDirectory(String(joining: spareDirectory, "/", directory))
            }
            lock.withLock { _ = madeDirectories.insert(directory) }
        }
    }
}

/// A problem with the output folder itself, already worded as a message.
public struct OutputError: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

extension FileSystem.Kind {
    var isFileOrLink: Bool {
        switch self {
        case .file, .other: true
        case .missing, .directory: false
        }
    }
}
