import SiteModel
import Testing

/// Which links of a post name a file that must sit beside it: what the
/// missing-file warning is given.
@Suite("Post links")
struct PostLinkTests {
    @Test(arguments: [
        ("https://example.org/a.png", nil),
        ("mailto:someone@example.org", nil),
        ("c++:thing", nil),
        ("x-custom.v2:payload", nil),
        ("/about/", nil),
        ("#top", nil),
        ("?q=1", nil),
        ("../other/shot.png", nil),
        ("images/../../up.png", nil),
        ("./https://example.org/", nil),
        ("shot.png", "shot.png"),
        ("./shot.png#caption", "shot.png"),
        ("././a%20b.png?v=2", "a b.png"),
        ("images/shot.png", "images/shot.png"),
        ("1st:draft.png", "1st:draft.png"),
        ("notes/a:b.txt", "notes/a:b.txt"),
        ("é:x.png", "é:x.png"),
        (":colon.png", ":colon.png"),
        ("café.png", "café.png"),
        ("caf%C3%A9.png#x", "café.png"),
        ("100%.png", "100%.png"),
        ("a/../b.png", nil),
        ("a/..b/c.png", "a/..b/c.png"),
        ("写真/图.png?s=1", "写真/图.png"),
    ] as [(String, String?)])
    func namesAFileBesideThePostOnlyForARelativePath(destination: String, file: String?) {
        #expect(PostLink.filePath(destination) == file)
    }

    @Test func aSchemeIsALetterThenSchemeCharactersThenAColon() {
        #expect(PostLink.hasScheme("https://example.org"))
        #expect(PostLink.hasScheme("a:"))
        #expect(PostLink.hasScheme("svn+ssh://host"))
        #expect(!PostLink.hasScheme("1http:x"))
        #expect(!PostLink.hasScheme("http//no-colon"))
        #expect(!PostLink.hasScheme("path/with:colon"))
        #expect(!PostLink.hasScheme(":"))
        #expect(!PostLink.hasScheme("ü:x"))
        #expect(!PostLink.hasScheme(""))
    }
}
