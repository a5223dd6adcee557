import SiteModel
import TestSupport
import Testing

/// Input no blogger means to write but every blogger can: huge, long, deeply
/// nested, oddly encoded. Each is read or refused with a message; none
/// crashes the loader or makes it hang.
@Suite("Odd and big input", .timeLimit(.minutes(1)))
struct OddInputTests {
    private func load(_ folder: TemporaryFolder) -> Result<Site, DiagnosticsError> {
        let loader = ContentLoader(contentDirectory: folder.path, options: .init(jobs: 2))
        return Result { () throws(DiagnosticsError) -> Site in try loader.load() }
    }

    private func errors(_ folder: TemporaryFolder) -> [String] {
        guard case .failure(let failure) = load(folder) else { return [] }
        return failure.diagnostics.filter { $0.severity == .error }.map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") }
    }

    private func siteWith(post: String, named name: String = "posts/c/p.json") throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("site.json", ContentFixture.siteJSON())
        try folder.write(name, post)
        return folder
    }

    @Test func readsATwentyMegabyteBody() throws {
        let sentences = String(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", count: 10)
        let count = 20_000_000 / (sentences.utf8.count + 2)
        let body = String(repeating: sentences + #"\n\n"#, count: count) + "The end."
        let folder = try siteWith(post: #"{"title": "Long", "desc": "d", "body": ""# + body + "\"}")
        defer { folder.remove() }
        let post = try #require(try load(folder).get().categories.first?.posts.first)
        #expect(try post.body().utf8.count == count * (sentences.utf8.count + 2) + 8)
        #expect(try post.body().hasSuffix(". \n\nThe end."))
    }

    @Test func readsTenThousandLinesAndLocatesAMistakeOnTheLastOne() throws {
        let notes = (1...9_995).map { "    \"note \($0)\"" }.joined(separator: ",\n")
        let good = "{\n  \"title\": \"t\",\n  \"desc\": \"d\",\n  \"body\": \"b\",\n  \"notes\": [\n\(notes)\n  ]\n}\n"
        let folder = try siteWith(post: good)
        defer { folder.remove() }
        let site = try load(folder).get()
        #expect(site.warnings.map(\.location) == [SiteModel.SourceLocation(line: 5, column: 3)])

        try folder.write("posts/c/p.json", good.replacingOccurrences(of: "  ]\n}", with: "  ]\n}}"))
        #expect(errors(folder) == ["posts/c/p.json:10002:2: error: unexpected '}' after the JSON value"])
    }

    /// The loader parses on worker threads, whose stacks are small: nesting at
    /// the limit must fit, and deeper nesting is refused before it can overflow.
    @Test func refusesDeepNestingWithoutRunningOutOfStack() throws {
        let depth = JSONParser.maximumDepth - 1
        let atLimit = #"{"title": "t", "desc": "d", "body": "b", "x": "# + String(repeating: "[", count: depth)
            + String(repeating: "]", count: depth) + "}"
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site.json", ContentFixture.siteJSON())
        for index in 0..<8 { try folder.write("posts/c/deep-\(index).json", atLimit) }
        #expect(try load(folder).get().categories.first?.posts.count == 8)

        try folder.write("posts/c/deeper.json", String(repeating: "[{\"a\":", count: 100_000))
        #expect(errors(folder) == ["posts/c/deeper.json:1:769: error: values are nested more than 256 deep"])
    }

    @Test func refusesANulCharacterInATitle() throws {
        let folder = try siteWith(post: #"{"title": "a\u0000b", "desc": "d", "body": "b"}"#)
        defer { folder.remove() }
        #expect(errors(folder) == [#"posts/c/p.json:1:11: error: 'title' contains a NUL character (\u0000); remove it"#])
    }

    @Test func keepsCharactersBeyondTheBasicPlane() throws {
        let folder = try siteWith(post: ##"{"title": "🎉 \ud83d\ude00 𝄞", "desc": "👋🏽", "body": "# 🚀"}"##)
        defer { folder.remove() }
        let post = try #require(try load(folder).get().categories.first?.posts.first)
        #expect(post.title == "🎉 😀 𝄞")
        #expect(post.summary == "👋🏽")
    }

    @Test func namesAFileThatIsNotUTF8AtItsFirstBadByte() throws {
        let folder = try siteWith(post: "")
        defer { folder.remove() }
        try folder.write("posts/c/p.json", bytes: Array("{\n  \"title\": \"Caf".utf8) + [0xE9] + Array("\",\n  \"desc\": \"d\", \"body\": \"b\"\n}".utf8))
        #expect(errors(folder) == ["posts/c/p.json:2:16: error: the file is not valid UTF-8"])
    }

    @Test func refusesAPostsFolderWithoutPosts() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site.json", ContentFixture.siteJSON())
        try folder.write("posts/ui/.gitkeep", "")
        try folder.write("posts/ui/notes.txt", "ideas")
        #expect(errors(folder) == ["posts: error: there are no posts; put posts in posts/<category>/<id>.md or <id>.json"])
    }
}
