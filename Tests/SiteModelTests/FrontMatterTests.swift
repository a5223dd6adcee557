@testable import SiteModel
import Testing

/// A Markdown post is read by the same key rules as a JSON post; these are
/// the rules of its front matter, each mistake at the line and column an
/// editor shows (line 1 is the opening `---`).
@Suite("Markdown posts and their front matter")
struct FrontMatterTests {
    private func read(_ text: String, id: String = "p") -> (post: Post?, messages: [String]) {
        read(bytes: Array(text.utf8), id: id)
    }

    private func read(bytes: [UInt8], id: String = "p", path: String? = nil) -> (post: Post?, messages: [String]) {
        let (post, diagnostics) = PostReader.read(bytes, path: path ?? "posts/c/\(id).md", category: "c", id: id)
        return (post, diagnostics.sorted().map(\.description))
    }

    private func errors(_ text: String) -> [String] {
        read(text).messages
    }

    @Test func readsTheExampleOfTheDocs() throws {
        let text = """
        ---
        title: "Swift: the good parts"
        desc: One line for the lists.
        date: 2015-10-14T08:30:00Z
        draft: false
        ---
        ## Markdown body, CommonMark

        Second paragraph.

        """
        let (post, messages) = read(text)
        #expect(messages.isEmpty)
        let found = try #require(post)
        #expect(found.title == "Swift: the good parts")
        #expect(found.summary == "One line for the lists.")
        #expect(found.date == PostDate(iso8601: "2015-10-14T08:30:00Z"))
        #expect(found.isDraft == false)
        #expect(found.bodySource == .fileTail(offset: text.utf8.count - "## Markdown body, CommonMark\n\nSecond paragraph.\n".utf8.count))
    }

    @Test func followsYAML12NotYAML11() throws {
        let post = try #require(read("---\ntitle: no\ndesc: 2024\ndate: 2015-10-14\n---\n").post)
        #expect(post.title == "no")
        #expect(post.summary == "2024")
        #expect(try #require(read("---\ntitle: 010\ndesc: 0x1F\n---\n").post).title == "010")
        #expect(errors("---\ntitle: t\ndesc: d\ndraft: yes\n---\n")
                == ["posts/c/p.md:4:8: error: 'draft' must be true or false; write true, not 'yes'"])
        #expect(errors("---\ntitle: t\ndesc: d\ndraft: Off\n---\n")
                == ["posts/c/p.md:4:8: error: 'draft' must be true or false; write false, not 'Off'"])
        #expect(try #require(read("---\ntitle: t\ndesc: d\ndraft: true\n---\n").post).isDraft)
        #expect(errors("---\ntitle: true\ndesc: d\n---\n") == ["posts/c/p.md:2:8: error: 'title' must be a string, not a boolean"])
        #expect(errors("---\ntitle:\ndesc: d\n---\n") == ["posts/c/p.md:2:7: error: 'title' must be a string, not null"])
    }

    @Test func acceptsTheSynonymsOfOtherGenerators() throws {
        #expect(try #require(read("---\ntitle: t\ndescription: From Hugo\n---\n").post).summary == "From Hugo")
        #expect(try #require(read("---\ntitle: t\nsummary: From Zola\n---\n").post).summary == "From Zola")
        #expect(errors("---\ntitle: t\ndesc: a\nsummary: b\n---\n")
                == ["posts/c/p.md:4:1: error: 'summary' and 'desc' say the same thing; keep one of them"])
        #expect(errors("---\ntitle: t\n---\n") == ["posts/c/p.md:1:1: error: missing required key 'desc'"])
        let hugo = try #require(read("---\ntitle: t\ndesc: d\nlastmod: 2016-01-02\n---\n").post)
        #expect(hugo.details.updated == PostDate(iso8601: "2016-01-02"))
        #expect(errors("---\ntitle: t\ndesc: d\nupdated: 2016-01-02\nlastmod: 2016-01-03\n---\n")
                == ["posts/c/p.md:5:1: error: 'lastmod' and 'updated' say the same thing; keep one of them"])
    }

    @Test func checksDatesAndIdsLikeAJSONPost() {
        #expect(errors("---\ntitle: t\ndesc: d\ndate: yesterday\n---\n") == [
            "posts/c/p.md:4:7: error: 'date' must be an ISO 8601 date such as '2015-10-14' or '2015-10-14T08:30:00Z', not 'yesterday'",
        ])
        #expect(errors("---\ntitle: t\ndesc: d\nid: other\n---\n")
                == ["posts/c/p.md:4:5: error: 'id' is 'other' but the file is named 'p.md'; they must agree"])
        let bundle = read(bytes: Array("---\ntitle: t\ndesc: d\nid: other\n---\n".utf8), path: "posts/c/p/index.md")
        #expect(bundle.messages == ["posts/c/p/index.md:4:5: error: 'id' is 'other' but the folder is named 'p'; they must agree"])
    }

    @Test func warnsAboutUnknownKeysAndABodyKey() throws {
        let (post, messages) = read("---\ntitle: t\ndesc: d\ncolour: red\nbody: ignored\n---\nThe body.\n")
        #expect(post != nil)
        #expect(messages == [
            "posts/c/p.md:4:1: warning: unknown key 'colour' is ignored",
            "posts/c/p.md:5:7: warning: 'body' is ignored: a Markdown post's body is what follows the front matter",
        ])
    }

    @Test func reportsYAMLMistakesWhereTheyAre() {
        #expect(errors("---\ntitle: a: b\ndesc: d\n---\n") == [
            "posts/c/p.md:2:9: error: a ': ' here would start a key, which cannot be inside a value; put the value in quotes, "
                + "or indent this line like the keys above it",
        ])
        #expect(errors("---\ntitle: t\n  desc: d\n---\n").first?.hasPrefix("posts/c/p.md:3:7: error: a ': ' here would start a key") == true)
        #expect(errors("---\ntitle: t\ntags:\n  - a\n - b\ndesc: d\n---\n") == [
            "posts/c/p.md:5:2: error: this line is indented differently from the lines above it; "
                + "keys of one mapping, and items of one list, start in the same column",
        ])
        #expect(errors("---\n\ttitle: t\ndesc: d\n---\n")
                == ["posts/c/p.md:2:1: error: YAML is indented with spaces, not tabs; replace the tab with spaces"])
        #expect(errors("---\ntitle: |\n  a\n\tb\ndesc: d\n---\n")
                == ["posts/c/p.md:4:1: error: YAML is indented with spaces, not tabs; replace the tab with spaces"])
        #expect(errors("---\ntitle: \"abc\ndesc: d\n---\n")
                == ["posts/c/p.md:2:8: error: the quoted value that starts here is never closed; add the closing quote"])
        #expect(errors("---\ntitle: t\ndesc: d\ntags: [a, b\n---\n")
                == ["posts/c/p.md:4:7: error: the list opened here with '[' is never closed; add ']', or a ',' between its items"])
        #expect(errors("---\ntitle: @home\ndesc: d\n---\n")
                == ["posts/c/p.md:2:8: error: a value cannot start with this character in YAML; put the value in quotes"])
    }

    @Test func countsColumnsInCharactersNotBytes() {
        #expect(errors("---\ntitle: éé: b\ndesc: d\n---\n").first?.hasPrefix("posts/c/p.md:2:10: error:") == true)
    }

    /// libyaml also breaks lines at a lone CR and at U+2028; sitegen, like an
    /// editor, counts lines at LF only, so a location stays inside the file.
    @Test func countsLinesAsAnEditorDoesWhereLibyamlDiffers() {
        #expect(errors("---\ntitle: t\rdesc: a: b\n---\n").first?.hasPrefix("posts/c/p.md:2:17: error: a ': ' here") == true)
        #expect(errors("---\ntitle: t\u{2028}desc: a: b\n---\n").first?.hasPrefix("posts/c/p.md:2:17: error:") == true)
    }

    @Test func findsDuplicateKeysWhichLibyamlAllows() {
        #expect(errors("---\ntitle: a\ndesc: d\ntitle: b\n---\n")
                == ["posts/c/p.md:4:1: error: duplicate key 'title'; it is already set at line 2"])
    }

    @Test func refusesAnchorsAliasesTagsAndDeepNesting() {
        #expect(errors("---\ntitle: &t T\ndesc: *t\n---\n")
                == ["posts/c/p.md:2:8: error: anchors (&t) are not allowed in front matter; write each value out"])
        #expect(errors("---\ntitle: T\ndesc: !!str d\n---\n")
                == ["posts/c/p.md:3:7: error: YAML tags (tag:yaml.org,2002:str) are not allowed in front matter; put a value in quotes to make it text"])
        #expect(errors("---\ntitle: t\ndesc: d\ntags: [[[[[[[[[[[[x]]]]]]]]]]]]\n---\n")
                == ["posts/c/p.md:4:14: error: the front matter is nested deeper than 8 levels"])
        let hostile = "---\ntitle: t\ndesc: d\ntags: " + String(repeating: "[", count: 1_000_000) + "\n---\n"
        #expect(errors(hostile) == ["posts/c/p.md:4:14: error: the front matter is nested deeper than 8 levels"])
    }

    @Test func needsFrontMatterBetweenTwoDashLines() {
        let missing = "posts/c/p.md:1:1: error: a Markdown post begins with front matter: a line '---', the post's keys "
            + "(title: …, desc: …), another line '---', then the body"
        #expect(errors("# Just a body\n") == [missing])
        #expect(errors("") == [missing])
        #expect(errors("+++\ntitle = \"t\"\n+++\n")
                == ["posts/c/p.md:1:1: error: '+++' opens TOML front matter; sitegen reads YAML front matter between two lines '---'"])
        #expect(errors("---\ntitle: t\ndesc: d\n\nThe body, but no closing line.\n")
                == ["posts/c/p.md:1:1: error: the front matter opened here is never closed; end it with a line '---' before the body"])
        #expect(errors("---\n- a\n- b\n---\n")
                == ["posts/c/p.md:2:1: error: the front matter must be keys and values (title: …), not an array"])
        #expect(errors("---\n---\nBody.\n") == [
            "posts/c/p.md:1:1: error: missing required key 'desc'", "posts/c/p.md:1:1: error: missing required key 'title'",
        ])
    }

    @Test func reportsBytesThatAreNotUTF8() {
        #expect(read(bytes: Array("---\ntitle: ab".utf8) + [0xFF] + Array("\ndesc: d\n---\n".utf8)).messages
                == ["posts/c/p.md:2:10: error: the file is not valid UTF-8"])
        #expect(read(bytes: Array("---\ntitle: t\ndesc: d\n---\nBody é ".utf8) + [0xC3]).messages
                == ["posts/c/p.md:5:8: error: the file is not valid UTF-8"])
        #expect(errors("---\ntitle: a\u{1}b\ndesc: d\n---\n")
                == ["posts/c/p.md:2:9: error: the front matter holds a control character (U+0001); remove it"])
    }

    @Test func acceptsAByteOrderMarkAndCRLF() throws {
        let text = "---\r\ntitle: T\r\ndesc: D\r\n---\r\nBody.\r\n"
        let post = try #require(read(bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8)).post)
        #expect(post.title == "T")
        #expect(post.summary == "D")
        #expect(post.bodySource == .fileTail(offset: 3 + text.utf8.count - "Body.\r\n".utf8.count))
        #expect(read(bytes: [0xEF, 0xBB, 0xBF] + Array("---\r\ntitle: a: b\r\ndesc: d\r\n---\r\n".utf8)).messages.first?
            .hasPrefix("posts/c/p.md:2:9: error:") == true)
    }
}
