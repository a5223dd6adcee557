import Foundation
import SearchIndex
import Testing

@Suite("Index files")
struct IndexRoundTripTests {
    private static let posts: [(title: String, body: String)] = [
        ("Swift concurrency", "Actors and tasks. 静态网站 are fast."),
        ("Caching HTTP", "A cache in Swift: the response is kept."),
        ("静态网站生成器", "用 Swift 写一个生成器。"),
        ("Switch statements", "Pattern matching on enums."),
        ("Notes", "Nothing about the language at all."),
    ]

    private func files(posts: [(title: String, body: String)] = Self.posts) -> [(path: String, bytes: [UInt8])] {
        let terms = posts.map { post in
            var table = TermTable()
            table.begin(document: 0)
            table.add(strongText: post.title)
            table.add(bodyText: Array(post.body.utf8))
            return table.terms(ofDocumentAt: 0)
        }
        let documents = posts.enumerated().map { number, post in
            SearchIndexFiles.Document(id: "post-\(number)", title: post.title, url: "/posts/post-\(number)/",
                                      displayDate: number == 4 ? nil : "\(number + 1) May 2024",
                                      machineDate: number == 4 ? nil : "2024-05-0\(number + 1)", category: number % 2)
        }
        let index = SearchIndexFiles(categories: [.init(title: "One", url: "/one/"), .init(title: "Two <&>", url: "/two/")],
                                     documentURLPrefix: "/api/posts/")
        return index.files(documents: documents, terms: terms)
    }

    @Test func aQueryFindsThePostsWithEveryWordTitlesFirstThenNewest() throws {
        var reader = try IndexReader(files: files())
        #expect(try reader.search(["swift"]) == [0, 2, 1])
        #expect(try reader.search(["swi"], lastIsPrefix: true) == [3, 0, 2, 1])
        #expect(try reader.search(["swift", "cache"]) == [1])
        #expect(try reader.search(["网站"]) == [2, 0])
        #expect(try reader.search(["态网"]) == [2, 0])
        #expect(try reader.search(["静"], lastIsPrefix: true) == [2, 0])
        #expect(try reader.search(["python"]) == [])
    }

    @Test func aQueryOpensOnlyTheChunksItsWordsCanBeIn() throws {
        var reader = try IndexReader(files: files())
        _ = try reader.search(["swift", "cache"])
        #expect(reader.opened == ["search/t/73.json", "search/t/63.json"])
    }

    @Test func documentsCarryWhatAResultShows() throws {
        var reader = try IndexReader(files: files())
        let row = try #require(try reader.document(2))
        #expect(row[0] as? String == "post-2")
        #expect(row[1] as? String == "静态网站生成器")
        #expect(row[2] as? String == "/posts/post-2/")
        #expect(row[3] as? String == "3 May 2024")
        #expect(row[5] as? Int == 0)
        #expect(try reader.document(4)?[3] is NSNull)
    }

    @Test func theManifestIsSmallAndEscapesText() throws {
        let manifest = try #require(files().first { $0.path == "search/index.json" })
        let text = String(decoding: manifest.bytes, as: UTF8.self)
        #expect(text.contains(#""Two \u003c\u0026\u003e""#))
        #expect(text.contains(#""n":5"#))
    }

    @Test func theSameInputGivesTheSameBytesAndAnEditChangesFewFiles() throws {
        let first = files()
        #expect(first.map(\.bytes) == files().map(\.bytes))
        var edited = Self.posts
        edited[4].body = "Nothing about the language at all, zebra."
        let before = Dictionary(uniqueKeysWithValues: first.map { ($0.path, $0.bytes) })
        let changed = files(posts: edited).filter { before[$0.path] != $0.bytes }.map(\.path)
        // The new word's chunk, and the manifest that lists it and names the new version.
        #expect(Set(changed) == ["search/t/7a.json", "search/index.json"])
    }
}
