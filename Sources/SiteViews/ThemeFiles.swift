import Foundation

/// The files of the theme a site is built with: the built-in theme, with
/// each file of the site's templates folder put in the place of the built-in
/// file of the same path, so a site may replace `post.mustache` alone.
///
/// Only what a theme uses is looked at: `*.mustache` at the top,
/// `partials/*.mustache`, and every file under `assets/` (hidden ones left out).
struct ThemeFiles {
    /// What messages name a built-in file by: `(built-in)/post.mustache`.
    static let builtInFolder = "(built-in)"

    struct File {
        /// Relative to the theme folder: `post.mustache`, `assets/style.css`.
        let path: String
        /// The file a message names: the site's own file, or the built-in one.
        let origin: String
        /// Nil when the site's file could not be read.
        let bytes: [UInt8]?
    }

    /// Sorted by path.
    let files: [File]

    /// `directory` nil: the built-in theme alone. A folder that does not exist is a problem.
    init(builtIn: [(path: String, bytes: [UInt8])], overrides directory: String?) throws(TemplateProblems) {
        var byPath: [String: File] = [:]
        for file in builtIn where Self.isThemeFile(file.path) {
            byPath[file.path] = File(path: file.path, origin: Self.builtInFolder + "/" + file.path, bytes: file.bytes)
        }
        if let directory {
            let fileManager = FileManager.default
            guard let topLevel = try? fileManager.contentsOfDirectory(atPath: directory) else {
                throw TemplateProblems(problems: [TemplateProblem(path: directory, line: nil, column: nil,
                                                                 message: "the templates folder does not exist")])
            }
            let partials = ((try? fileManager.contentsOfDirectory(atPath: directory + "/partials")) ?? []).map { "partials/" + $0 }
            let assets = Self.files(under: directory + "/assets").map { "assets/" + $0 }
            for path in topLevel + partials + assets where Self.isThemeFile(path) {
                let origin = directory + "/" + path
                byPath[path] = File(path: path, origin: origin, bytes: fileManager.contents(atPath: origin).map { [UInt8]($0) })
            }
        }
        files = byPath.values.sorted { $0.path < $1.path }
    }

    /// A template at the top or in `partials/`, or an asset.
    private static func isThemeFile(_ path: String) -> Bool {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        if components.contains(where: { $0.isEmpty || $0.hasPrefix(".") }) { return false }
        if components.first == "assets" { return components.count > 1 }
        let isTemplate = path.hasSuffix(".mustache")
        return isTemplate && (components.count == 1 || (components.count == 2 && components[0] == "partials"))
    }

    /// Regular files under `folder`, relative to it, hidden ones left out.
    private static func files(under folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: "\(folder)/\(relative)", isDirectory: &isDirectory), !isDirectory.boolValue {
                found.append(relative)
            }
        }
        return found
    }
}
