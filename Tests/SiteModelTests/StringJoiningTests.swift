import SiteModel
import Testing

/// Routes, paths and titles are made with `String(joining:)`: it must give
/// what `+` gives, whatever the parts hold.
@Suite("Strings joined at their length")
struct StringJoiningTests {
    /// Empty parts, a CJK tag, an accent, an emoji, a part longer than a
    /// short string's fifteen bytes (kept apart from its storage).
    static let parts = ["", "tags/", "静态网站", "café", "🚀", "/", "a-part-longer-than-fifteen-bytes", "index.html"]

    @Test func givesWhatPlusGives() {
        for a in Self.parts {
            for b in Self.parts {
                #expect(String(joining: a, b) == a + b)
                for c in Self.parts {
                    #expect(String(joining: a, b, c) == a + b + c)
                }
            }
        }
        let (a, b, c, d, e) = ("/blog/", "tags/", "静态网站", "/page/", "2/")
        #expect(String(joining: a, b, c, d) == a + b + c + d)
        #expect(String(joining: a, b, c, d, e) == "/blog/tags/静态网站/page/2/")
        #expect(String(joining: a, b, c, d, e).utf8.count == a.utf8.count + b.utf8.count + c.utf8.count + d.utf8.count + e.utf8.count)
    }
}
