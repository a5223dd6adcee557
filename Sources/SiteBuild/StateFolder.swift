import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where sitegen keeps its own state for one output folder: `.sitegen/<name>/`
/// in the folder that holds the output, so `public/` has `.sitegen/public/`
/// beside it and two outputs in one folder keep apart. It sits on the output's
/// file system, so the spare and the output can be exchanged in one rename,
/// and never inside the output, so none of it is served.
///
/// - `spare/`: the build before last, brought up to date and swapped in;
/// - `cache`: what was read from each post file (`PostCacheFile`);
/// - `search-cache`: each post's search terms (`SearchTermCacheFile`);
/// - `listed`: when the live tree was finished (`ListingRecord`);
/// - `lock`: held while a build writes (`OutputLock`).
///
/// Any of it, or all of it, may be deleted by hand: the next build is then
/// slower, never wrong.
struct StateFolder: Sendable {
    static let name = ".sitegen"

    /// `<parent>/.sitegen/<output name>`.
    let path: String
    /// `<parent>/.sitegen`, shared by the outputs of one folder.
    let root: String

    var spare: String { path + "/spare" }
    var cache: String { path + "/cache" }
    var searchCache: String { path + "/search-cache" }
    var listed: String { path + "/listed" }
    var lock: String { path + "/lock" }

    /// Nil for an output that cannot have one: `/`, or a folder itself named
    /// `.sitegen`, whose state would be inside it (`validate` says so in words).
    init?(outputDirectory: String) {
        let output = FileSystem.resolved(outputDirectory)
        let name = (output as NSString).lastPathComponent
        guard output != "/", name != Self.name, !name.isEmpty else { return nil }
        root = (output as NSString).deletingLastPathComponent.appendingStatePath
        path = root + "/" + name
    }

    /// The state folder of `outputDirectory`, or the reason it cannot have one.
    static func of(_ outputDirectory: String) throws(OutputError) -> StateFolder {
        if let folder = StateFolder(outputDirectory: outputDirectory) { return folder }
        if FileSystem.resolved(outputDirectory) == "/" {
            throw OutputError("\(outputDirectory): error: the output folder cannot be /: a build replaces the whole output folder; choose a folder of its own, such as public")
        }
        throw OutputError("\(outputDirectory): error: the output folder cannot be named \(name): sitegen keeps its own records in a folder of that name beside the output; choose another name")
    }

    /// Makes `.sitegen/<name>/`; false when the folder that should hold the
    /// output does not exist (the output store says so in its own words).
    func make() throws(OutputError) -> Bool {
        for folder in [root, path] where mkdir(folder, 0o755) != 0 && errno != EEXIST {
            if errno == ENOENT { return false }
            throw OutputError("\(folder): error: cannot create sitegen's folder beside the output: \(String(cString: strerror(errno)))")
        }
        return true
    }

    /// Removes `.sitegen/<name>/` and `.sitegen/` when nothing is left in them,
    /// so a build that failed before writing anything leaves nothing behind.
    func removeIfEmpty() {
        if rmdir(path) == 0 { rmdir(root) }
    }
}

private extension String {
    var appendingStatePath: String {
        (self == "/" ? "" : self) + "/" + StateFolder.name
    }
}
