import SearchIndex
import Testing

@Suite("Term tables")
struct TermTableTests {
    @Test func aBodyWordLaterFoundInAHeadingIsStrongAndListedOnce() {
        var table = TermTable()
        table.begin(document: 3)
        table.add(bodyText: Array("cache the cache".utf8))
        table.add(strongText: "The Cache")
        #expect(table.terms(ofDocumentAt: 0) == PostTerms(terms: ["cache", "the"], strong: [true, true]))
        table.begin(document: 1)
        table.add(bodyText: Array("cache".utf8))
        #expect(table.terms(ofDocumentAt: 1) == PostTerms(terms: ["cache"], strong: [false]))
        #expect(table.documentPlaces.map(\.number) == [3, 1])
    }

    /// A post's texts that rank first, taken as one, give the terms each
    /// gives alone: a text ending in a Chinese run, an apostrophe or a
    /// letter does not join the next text's start.
    @Test func strongTextsTakenTogetherGiveTheTermsOfEachAlone() {
        let texts = ["静态网站", "生成器 don'", "t stop", "Swift", "ÉTÉ", ""]
        let headings = Array("缓存\nCaching".utf8)
        var together = TermTable()
        together.begin(document: 0)
        together.add(strongTexts: texts, headingText: headings)
        var apart = TermTable()
        apart.begin(document: 0)
        for text in texts { apart.add(strongText: text) }
        apart.add(strongText: headings)
        #expect(together.terms(ofDocumentAt: 0) == apart.terms(ofDocumentAt: 0))
        #expect(together.terms(ofDocumentAt: 0).terms.contains("网站") && !together.terms(ofDocumentAt: 0).terms.contains("站生"))
    }

    /// Terms taken while posts are read are numbered again as documents;
    /// a document begun afterwards under a number the table used before
    /// still lists every term it gives.
    @Test func renumberedDocumentsKeepTheirTermsAndNewOnesStartAfresh() {
        var table = TermTable()
        table.begin(document: 0)
        table.add(bodyText: Array("swift cache".utf8))
        table.begin(document: 1)
        table.add(strongText: "Cache")
        table.renumber([7, 2])
        #expect(table.documentPlaces.map(\.number) == [7, 2])
        #expect(table.terms(ofDocumentAt: 0) == PostTerms(terms: ["swift", "cache"], strong: [false, false]))
        #expect(table.terms(ofDocumentAt: 1) == PostTerms(terms: ["cache"], strong: [true]))
        table.begin(document: 1)
        table.add(bodyText: Array("cache swift".utf8))
        #expect(table.terms(ofDocumentAt: 2) == PostTerms(terms: ["cache", "swift"], strong: [false, false]))
    }

    @Test func aDocumentWithoutANewNumberIsLeftOut() {
        var table = TermTable()
        table.begin(document: 0)
        table.add(bodyText: Array("a".utf8))
        table.begin(document: 1)
        table.add(bodyText: Array("b".utf8))
        table.begin(document: 2)
        table.add(bodyText: Array("c".utf8))
        table.renumber([-1, 0])
        #expect(table.documentPlaces.map(\.number) == [0])
        let index = TermIndex(merging: [table], documentCount: 1)
        #expect(index.terms(ofDocument: 0) == PostTerms(terms: ["b"], strong: [false]))
    }

    /// Terms around the lengths where the set packs them differently (8 and
    /// 16 bytes), sharing long prefixes, in one and several bytes a character.
    @Test func termsOfEveryLengthAreToldApart() {
        var words: [String] = []
        for length in 1...40 {
            words.append(String(repeating: "a", count: length))
            words.append(String(repeating: "a", count: length - 1) + "b")
            words.append("b" + String(repeating: "a", count: length - 1))
            words.append(String(repeating: "é", count: length))
            words.append(String(repeating: "网", count: length))
        }
        var table = TermTable()
        table.begin(document: 0)
        for word in words { table.add(bodyText: Array(word.utf8)) }
        for word in words.reversed() { table.add(bodyText: Array((word + " " + word).utf8)) }
        let found = table.terms(ofDocumentAt: 0)
        let expected = Set(words.flatMap(SearchTokenizer.terms(in:)))
        #expect(found.count == expected.count)
        #expect(Set(found.terms) == expected)
    }

    @Test func tablesFilledInAnyOrderMakeTheSameFilesAsOne() {
        let bodies = ["swift actors and tasks", "caching http in swift", "静态网站生成器 swift", "switch statements",
                      "nothing at all", "swift swift swift", "tasks and caching", "网站 and more"]
        let documents = bodies.indices.map { number in
            SearchIndexFiles.Document(id: "p\(number)", title: "Post \(number)", url: "/p\(number)/",
                                      displayDate: nil, machineDate: nil, category: 0)
        }
        let index = SearchIndexFiles(categories: [.init(title: "All", url: "/")], documentURLPrefix: "/api/posts/")
        var one = TermTable()
        for (number, body) in bodies.enumerated() {
            one.begin(document: number)
            one.add(strongText: "Post \(number)")
            one.add(bodyText: Array(body.utf8))
        }
        // Three threads' tables, each taking documents newest first, as a build's threads do.
        var three = [TermTable](repeating: TermTable(), count: 3)
        for (number, body) in bodies.enumerated().reversed() {
            three[number % 3].begin(document: number)
            three[number % 3].add(strongText: "Post \(number)")
            three[number % 3].add(bodyText: Array(body.utf8))
        }
        var fromOne = SearchIndexState(changeable: false)
        var fromThree = SearchIndexState(changeable: false)
        let first = index.update(&fromOne, documents: documents, tables: [one], jobs: 1).written
        let second = index.update(&fromThree, documents: documents, tables: three, jobs: 2).written
        #expect(first.map(\.path) == second.map(\.path))
        #expect(first.map(\.bytes) == second.map(\.bytes))
        #expect(first.contains { $0.path == "search/t/73.json" })
    }
}
