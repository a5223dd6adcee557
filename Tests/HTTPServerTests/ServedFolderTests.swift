import Foundation
@testable import HTTPServer
import TestSupport
import Testing

/// Both ways of keeping opens inside the folder (openat2, and realpath where
/// the kernel lacks it) refuse links that leave it and follow those inside.
@Suite("Served folder")
struct ServedFolderTests {
    @Test(arguments: [true, false])
    func opensOnlyRegularFilesAndFoldersInsideTheRoot(resolvesBeneath: Bool) throws {
        let folder = try TemporaryFolder("http-served-folder")
        defer { folder.remove() }
        try folder.write("site/a/page.html", "page")
        try folder.write("secret.txt", "secret")
        let root = folder.path + "/site"
        try FileManager.default.createSymbolicLink(atPath: root + "/up", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: root + "/secret", withDestinationPath: folder.path + "/secret.txt")
        try FileManager.default.createSymbolicLink(atPath: root + "/a/same.html", withDestinationPath: "page.html")
        try FileManager.default.createSymbolicLink(atPath: root + "/a/via-up.html", withDestinationPath: "../a/page.html")
        var served = ServedFolder(root: root)
        #expect(served.resolvesBeneath)
        served.resolvesBeneath = resolvesBeneath

        func kind(_ path: String) -> String {
            switch served.open(Array(path.utf8)) {
            case .file(let descriptor, let size):
                close(descriptor)
                return "file \(size)"
            case .folder: return "folder"
            case .none: return "none"
            }
        }
        #expect(kind("") == "folder")
        #expect(kind("a") == "folder")
        #expect(kind("a/page.html") == "file 4")
        #expect(kind("a/same.html") == "file 4")
        #expect(kind("a/via-up.html") == "file 4")
        #expect(kind("up/secret.txt") == "none")
        #expect(kind("up") == "none")
        #expect(kind("secret") == "none")
        #expect(kind("missing") == "none")
    }
}
