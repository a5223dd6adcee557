@testable import SitePresentation
import Testing

/// How the link check reads the path of a link written in a body.
@Suite("Link paths")
struct LinkPathTests {
    @Test func aPathBesideThePostStaysInItsFolder() {
        for path in ["shot.png", "./a/b.pdf", "a/", "..a", ".../x", "a//b", "./x"] {
            #expect(LinkCheck.isBesidePost(Substring(path)), "\(path)")
        }
        for path in ["", ".", "./", "../x/", "a/../b", "a/..", "..", "./."] {
            #expect(!LinkCheck.isBesidePost(Substring(path)), "\(path)")
        }
    }

    @Test func dotSegmentsAreRemovedAsAServerWould() {
        #expect(LinkCheck.removingDotSegments("/a/b/../c/./d") == "/a/c/d")
        #expect(LinkCheck.removingDotSegments("/a/.") == "/a/")
        #expect(LinkCheck.removingDotSegments("/a/b/..") == "/a/")
        #expect(LinkCheck.removingDotSegments("/posts/x.y/") == "/posts/x.y/")
        #expect(LinkCheck.removingDotSegments("/.well-known/x") == "/.well-known/x")
        #expect(LinkCheck.removingDotSegments("/..") == nil)
        #expect(LinkCheck.removingDotSegments("/a/../../b") == nil)
    }
}
