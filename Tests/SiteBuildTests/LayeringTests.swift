import Foundation
import TestSupport
import Testing

/// SwiftPM on Linux lets a target import any module built before it, so the
/// layering of the contract (SPEC §1) is held here: each target's imports
/// must be among the modules its layer may see.
@Suite("Layering")
struct LayeringTests {
    static let system: Set<String> = ["Foundation", "Dispatch", "Glibc", "Synchronization"]
    static let allowed: [String: Set<String>] = [
        "ByteScan": ["CBlockBits"],
        "Mustache": system.union(["ByteScan"]),
        "SearchIndex": system.union(["ByteScan", "CBlockBits"]),
        "Highlight": [],
        "SiteModel": system.union(["CYAML", "ByteScan", "CBlockBits"]),
        "FileWatching": system,
        "SitePresentation": system.union(["SiteModel", "Highlight", "CCmark", "CMarkdown"]),
        "SiteViews": system.union(["SitePresentation", "Mustache", "ByteScan"]),
        "DefaultTheme": [],
        "theme-embedder": ["Foundation"],
        "SiteBuild": system.union(["SiteModel", "SitePresentation", "SiteViews", "Mustache", "CSystem", "DefaultTheme", "SearchIndex"]),
        "SiteServe": system.union(["SiteBuild", "SiteModel", "HTTPServer", "FileWatching"]),
        // CTCMalloc is linked for its malloc, which serves every layer.
        "sitegen": system.union(["SiteBuild", "SiteServe", "CTCMalloc"]),
        "HTTPServer": system.union(["CMicroHTTPD"]),
    ]

    /// `internal import X` is an import too.
    static let accessLevels: Set<String> = ["public", "package", "internal", "fileprivate", "private"]

    @Test(arguments: allowed.keys.sorted())
    func importsOnlyWhatItsLayerMaySee(target: String) throws {
        let folder = Repository.root + "/Sources/" + target
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        for file in files {
            let source = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for line in source.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                      words[..<index].allSatisfy({ $0.hasPrefix("@") || Self.accessLevels.contains(String($0)) }) else { continue }
                let module = String(words[index + 1])
                #expect(Self.allowed[target, default: []].contains(module), "\(target)/\(file) imports \(module)")
            }
        }
    }
}
