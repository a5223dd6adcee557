import Foundation
import SiteViews

/// The only code that writes the site. Files go into a staging folder beside
/// the output; `commit()` swaps it in with one atomic rename, so readers and
/// a killed build only ever see the whole old site or the whole new one.
///
/// Unchanged files are hard-linked from the previous build (same inode, same
/// mtime), files the previous build wrote and this one does not disappear with
/// the old tree, and files sitegen never wrote are carried over untouched.
public final class OutputStore: @unchecked Sendable {
    public struct Counts: Sendable, Equatable {
        public var written = 0
        public var unchanged = 0
        public var removed = 0
    }

    /// The resolved output folder.
    public let outputDirectory: String
    private let stagingDirectory: String
    private let previous: Manifest
    private let outputExists: Bool
    private let lock = NSLock()
    private var writtenPaths: Set<String> = []
    private var createdDirectories: Set<String> = []
    private var counts = Counts()

    /// Claims the output folder: refuses one that sitegen did not create, or
    /// one that would overwrite the build's own input.
    public init(outputDirectory: String, protecting inputs: [String]) throws(OutputError) {
        let output = FileSystem.resolved(outputDirectory)
        self.outputDirectory = output
        for input in inputs.map(FileSystem.resolved) where output == input || output.hasPrefix(input + "/") || output == "/" {
            throw OutputError("\(outputDirectory): error: the output folder must not be \(input == output ? "" : "inside ")the input folder \(input)")
        }
        switch FileSystem.kind(output) {
        case .missing:
            outputExists = false
            previous = Manifest(paths: [])
        case .directory:
            outputExists = true
            if let text = FileSystem.readFile(output + "/" + Manifest.fileName).map({ String(decoding: $0, as: UTF8.self) }) {
                guard let manifest = Manifest(text: text) else {
                    throw OutputError("\(outputDirectory)/\(Manifest.fileName): error: the manifest is damaged; move the output folder away and build again")
                }
                previous = manifest
            } else if FileSystem.entries(output).isEmpty {
                previous = Manifest(paths: [])
            } else {
                throw OutputError("\(outputDirectory): error: the folder is not empty and was not written by sitegen; refusing to build into it (choose another --output or empty it)")
            }
        case .file, .other:
            throw OutputError("\(outputDirectory): error: the output path exists and is not a folder")
        }
        let parent = (output as NSString).deletingLastPathComponent
        let prefix = "." + (output as NSString).lastPathComponent + ".sitegen-"
        guard FileSystem.kind(parent).isDirectory else {
            throw OutputError("\(outputDirectory): error: the folder that should hold the output does not exist")
        }
        for leftover in FileSystem.entries(parent) where leftover.hasPrefix(prefix) {
            FileSystem.removeTree(parent + "/" + leftover)
        }
        stagingDirectory = parent + "/" + prefix + String(getpid())
        do {
            try FileSystem.makeDirectory(stagingDirectory)
        } catch {
            throw OutputError(error.description)
        }
    }

    /// Stages one file. Safe to call from many threads for different paths.
    public func write(_ file: RenderedFile) throws(OutputError) {
        guard let path = OutputPath(file.path) else {
            throw OutputError("\(outputDirectory)/\(file.path): error: refusing to write outside the output folder")
        }
        let relative = path.text
        let old = outputDirectory + "/" + relative
        let staged = stagingDirectory + "/" + relative
        do {
            try claim(relative)
            try makeParents(of: path)
            if outputExists, !previous.paths.contains(relative), !FileSystem.kind(old).isMissing {
                throw OutputError("\(old): error: refusing to replace a file sitegen did not write; move it away")
            }
            let reused = try stage(file.bytes, from: previous.paths.contains(relative) ? old : nil, to: staged)
            count { reused ? ($0.unchanged += 1) : ($0.written += 1) }
        } catch let error as OutputError {
            throw error
        } catch let error as FileSystem.Failure {
            throw OutputError(error.description)
        } catch {
            throw OutputError("\(staged): error: \(error)")
        }
    }

    /// Links the previous build's file when it holds the same bytes, else
    /// writes a new one; returns whether the old file was reused.
    private func stage(_ bytes: [UInt8], from old: String?, to staged: String) throws(FileSystem.Failure) -> Bool {
        if outputExists, let old, FileSystem.file(old, equals: bytes) {
            try FileSystem.hardLink(old, staged)
            return true
        }
        try FileSystem.writeNewFile(staged, bytes)
        return false
    }

    /// Puts the staged site in place of the old one and returns what changed.
    public func commit() throws(OutputError) -> Counts {
        do {
            if outputExists { try carryOverForeignFiles(relative: "") }
            _ = try stage(Array(Manifest(paths: writtenPaths).text.utf8), from: outputDirectory + "/" + Manifest.fileName,
                          to: stagingDirectory + "/" + Manifest.fileName)
            if !outputExists {
                try FileSystem.rename(stagingDirectory, outputDirectory)
            } else if try FileSystem.exchange(stagingDirectory, outputDirectory) {
                FileSystem.removeTree(stagingDirectory)
            } else {
                let retired = stagingDirectory + "-old"
                try FileSystem.rename(outputDirectory, retired)
                try FileSystem.rename(stagingDirectory, outputDirectory)
                FileSystem.removeTree(retired)
            }
        } catch let error as OutputError {
            discard()
            throw error
        } catch {
            discard()
            throw OutputError("\(error)")
        }
        counts.removed = previous.paths.subtracting(writtenPaths).count
        return counts
    }

    /// Throws the staged files away; the output folder stays as it was.
    public func discard() {
        FileSystem.removeTree(stagingDirectory)
    }

    private func claim(_ relative: String) throws(OutputError) {
        lock.lock()
        defer { lock.unlock() }
        guard writtenPaths.insert(relative).inserted else {
            throw OutputError("\(outputDirectory)/\(relative): error: two pages would be written to the same file")
        }
    }

    /// Folders are made under the lock, so no thread writes into one another is still making.
    private func makeParents(of path: OutputPath) throws(FileSystem.Failure) {
        lock.lock()
        defer { lock.unlock() }
        for directory in path.parentDirectories where createdDirectories.insert(directory).inserted {
            try FileSystem.makeDirectory(stagingDirectory + "/" + directory)
        }
    }

    private func count(_ change: (inout Counts) -> Void) {
        lock.lock()
        change(&counts)
        lock.unlock()
    }

    /// Files in the output that no build wrote (a CNAME, say) belong to the user: keep them.
    private func carryOverForeignFiles(relative: String) throws {
        let folder = relative.isEmpty ? outputDirectory : outputDirectory + "/" + relative
        for name in FileSystem.entries(folder) {
            let path = relative.isEmpty ? name : relative + "/" + name
            if path == Manifest.fileName || previous.paths.contains(path) { continue }
            let source = folder + "/" + name
            let target = stagingDirectory + "/" + path
            switch FileSystem.kind(source) {
            case .directory:
                try FileSystem.makeDirectory(target)
                try carryOverForeignFiles(relative: path)
            case .file:
                guard FileSystem.kind(target).isMissing else {
                    throw OutputError("\(source): error: refusing to replace a file sitegen did not write; move it away")
                }
                try FileSystem.hardLink(source, target)
            case .other:
                try FileSystem.copySymbolicLink(source, target)
            case .missing:
                continue
            }
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
    var isMissing: Bool { if case .missing = self { true } else { false } }
    var isDirectory: Bool { if case .directory = self { true } else { false } }
}
