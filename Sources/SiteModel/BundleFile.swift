/// A file beside the index file of a post folder (`posts/ui/intro/shot.png`),
/// copied beside the post's page (`posts/intro/shot.png`), so a body's
/// `![shot](shot.png)` works in an editor's preview and on the site alike.
public struct BundleFile: Sendable, Hashable {
    public let postID: String
    public let sourcePath: String
    /// Its path in the post folder, which is its path in the page's folder too: `shot.png`, `images/a.png`.
    public let relativePath: String

    /// Names the build writes into a post's folder itself.
    static let reservedNames: Set<String> = ["index.html"]

    /// Every file of a post folder but its index file, walked without
    /// following links. Hidden files are skipped with a warning; a link is an
    /// error (copying what it points to could publish any file of the machine,
    /// and skipping it would leave the page's image broken).
    static func files(in folder: String, postID: String, _ diagnostics: inout [Diagnostic]) -> [BundleFile] {
        var files: [BundleFile] = []
        walk(folder, relative: "", postID: postID, into: &files, &diagnostics)
        return files
    }

    private static func walk(_ folder: String, relative: String, postID: String, into files: inout [BundleFile],
                             _ diagnostics: inout [Diagnostic]) {
        for entry in FileReading.entries(ofDirectory: folder, followLinks: false) ?? [] {
            let path = relative + entry.name
            if relative.isEmpty, ContentLoader.postFileTypes.contains(where: { entry.name == "index" + $0 }) { continue }
            if entry.name.hasPrefix(".") {
                diagnostics.append(.warning("hidden files of a post folder are not copied; ignored", in: entry.path))
                continue
            }
            switch entry.kind {
            case .directory:
                walk(entry.path, relative: path + "/", postID: postID, into: &files, &diagnostics)
            case .file:
                if relative.isEmpty, reservedNames.contains(entry.name) {
                    diagnostics.append(.error("'\(entry.name)' would be overwritten by the post's page; rename it", in: entry.path))
                } else {
                    files.append(BundleFile(postID: postID, sourcePath: entry.path, relativePath: path))
                }
            case .symbolicLink:
                diagnostics.append(.error("a symbolic link in a post folder is not copied; put the file itself here", in: entry.path))
            case .other, .unknown:
                diagnostics.append(.warning("not a regular file; ignored", in: entry.path))
            }
        }
    }
}
