import SiteModel

/// The files of `content/static/`, copied to the top of the output as they
/// are: a favicon, a `CNAME`, and the dot-files (`.nojekyll`, `.well-known/`)
/// that no other part of the content may hold.
///
/// A symbolic link is an error rather than followed: the copy must not
/// reach outside the content folder, and a link the build skipped would be
/// a file silently missing from the site. Empty folders are not copied.
struct StaticFiles: Sendable {
    struct File: Sendable {
        /// Where the file is read, under the content folder.
        let source: String
        /// Where it is written, relative to the output folder.
        let path: String
    }

    static let folderName = "static"
    /// Names the output store keeps for itself at the top of the output.
    static let reservedPrefix = ".sitegen"

    let files: [File]
    let diagnostics: [Diagnostic]

    /// Walks `<content>/static/`, in name order; no folder means no files.
    init(contentDirectory: String) {
        let root = contentDirectory + "/" + Self.folderName
        var files: [File] = []
        var diagnostics: [Diagnostic] = []
        switch FileSystem.kind(root) {
        case .directory:
            Self.walk(root, relative: "", into: &files, &diagnostics)
        case .file, .other:
            diagnostics.append(.error("'\(Self.folderName)' must be a folder (not a file or a link) of files to copy into the site", in: root))
        case .missing:
            break
        }
        self.files = files
        self.diagnostics = diagnostics
    }

    private static func walk(_ folder: String, relative: String, into files: inout [File], _ diagnostics: inout [Diagnostic]) {
        guard let entries = FileReading.entries(ofDirectory: folder, followLinks: false) else {
            diagnostics.append(.error("cannot read the folder", in: folder))
            return
        }
        for entry in entries {
            let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
            if relative.isEmpty, entry.name.hasPrefix(reservedPrefix) {
                diagnostics.append(.error("names starting with '\(reservedPrefix)' are kept for sitegen's own files in the output; rename it",
                                          in: entry.path))
                continue
            }
            guard OutputPath(path, allowingHidden: true) != nil else {
                diagnostics.append(.error("the name cannot be written to the output (a control character or a backslash); rename it",
                                          in: entry.path))
                continue
            }
            switch entry.kind {
            case .directory:
                walk(entry.path, relative: path, into: &files, &diagnostics)
            case .file:
                files.append(File(source: entry.path, path: path))
            case .symbolicLink:
                diagnostics.append(.error("a symbolic link; static files are copied as they are, so put the file itself here",
                                          in: entry.path))
            case .other, .unknown:
                diagnostics.append(.error("neither a file nor a folder; only files are copied into the site", in: entry.path))
            }
        }
    }

    /// Errors for static files that stand where the build writes a page (or
    /// a folder of pages), naming both; `built` is every other file staged.
    func collisions(with built: [String: Manifest.Entry], outputDirectory: String) -> [String] {
        guard !files.isEmpty else { return [] }
        // Only a built file under a top-level name that a static file uses
        // too can be in the way: for every other one, a single lookup.
        let staticTops = Set(files.map { Self.topComponent(of: $0.path) })
        let builtFolders = OutputStore.folders(holding: built.keys.lazy.filter { staticTops.contains(Self.topComponent(of: $0)) })
        var messages: [String] = []
        for file in files {
            if built[file.path] != nil {
                messages.append("\(file.source): error: the build writes \(outputDirectory)/\(file.path) itself; rename or remove the static file")
            } else if builtFolders.contains(file.path) {
                messages.append("\(file.source): error: the build writes pages into the folder \(outputDirectory)/\(file.path)/; rename or remove the static file")
            } else if let page = OutputPath(file.path, allowingHidden: true)?.parentDirectories.first(where: { built[$0] != nil }) {
                messages.append("\(file.source): error: the build writes \(outputDirectory)/\(page) as a file, so it cannot be a folder of static files")
            }
        }
        return messages
    }

    private static func topComponent(of path: String) -> Substring {
        path.utf8.firstIndex(of: UInt8(ascii: "/")).map { path[..<$0] } ?? path[...]
    }
}
