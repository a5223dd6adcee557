@testable import SiteBuild
import Testing

/// The output store writes only where an `OutputPath` lets it: inside the output folder.
@Suite("Paths the output store will write")
struct OutputPathTests {
    @Test func aPageInsideTheFolderIsWrittenAfterItsFolders() throws {
        let path = try #require(OutputPath("posts/ui/ui_1/index.html"))
        #expect(path.text == "posts/ui/ui_1/index.html")
        #expect(path.parentDirectories == ["posts", "posts/ui", "posts/ui/ui_1"])
        #expect(OutputPath("feed.xml")?.parentDirectories == [])
        #expect(OutputPath("café/漢字.v2.html")?.parentDirectories == ["café"])
    }

    @Test func pathsThatCouldLeaveTheFolderOrHideInItAreRefused() {
        for path in ["", "/etc/passwd", "a//b", "a/", "..", "../x", "a/../b", ".", "./a", ".hidden", "a/.b",
                     "a\\b", "a\u{1}b", "a\nb", "a\u{7F}", "a/\u{0}"] {
            #expect(OutputPath(path) == nil, "\(path.debugDescription) was let through")
        }
    }

    @Test func onlyStaticFilesMayBeHiddenAndNeverDotOrDotDot() {
        for path in [".nojekyll", ".well-known/security.txt", "a/.b", "...", "a/..b", ".a."] {
            #expect(OutputPath(path, allowingHidden: true)?.text == path, "\(path.debugDescription) was refused")
        }
        for path in ["", ".", "..", "./a", "../a", "a/.", "a/..", "a/../b", "a/./b", "a//b", "/a", "a\\b", ".a\u{1}"] {
            #expect(OutputPath(path, allowingHidden: true) == nil, "\(path.debugDescription) was let through")
        }
    }

    /// Byte by byte, the check must agree with one that splits the path
    /// into components and looks at each character.
    @Test func agreesWithACheckOfEachComponentAndCharacter() {
        let pieces = ["a", "é", "/", ".", "..", "\\", "\u{1}", "\u{7F}", "漢", "b.c", "😀", "\r\n"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let path = (0..<Int.random(in: 0...7, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            let components = path.split(separator: "/", omittingEmptySubsequences: false)
            let allowed = !path.isEmpty && !path.hasPrefix("/")
                && components.allSatisfy { !$0.isEmpty && !$0.hasPrefix(".") }
                && !path.unicodeScalars.contains { $0.value < 0x20 || $0 == "\\" || $0.value == 0x7F }
            #expect((OutputPath(path) != nil) == allowed, "\(path.debugDescription)")
            let allowedHidden = !path.isEmpty && !path.hasPrefix("/")
                && components.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
                && !path.unicodeScalars.contains { $0.value < 0x20 || $0 == "\\" || $0.value == 0x7F }
            #expect((OutputPath(path, allowingHidden: true) != nil) == allowedHidden, "\(path.debugDescription)")
            if allowed {
                let expected = (1..<components.count).map { components[0..<$0].joined(separator: "/") }
                #expect(OutputPath(path)?.parentDirectories == expected)
            }
        }
    }
}
