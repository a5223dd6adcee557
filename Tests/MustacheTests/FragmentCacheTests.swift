import Dispatch
import Mustache
import Synchronization
import Testing

/// Pages that show the same list elements copy what another page rendered
/// for them, and copying never changes a byte of any page.
@Suite("Fragment cache")
struct FragmentCacheTests {
    private func post(_ id: String, title: String, version: Int = 0) -> MustacheValue {
        let object: MustacheObject = ["title": .string(title), "url": .string("/posts/\(id)/"),
                                      "tags": [["name": "swift"], ["name": "ios"]]]
        return .object(object.identified(by: MustacheObject.Identity(name: id, fingerprint: version)))
    }

    private func page(_ title: String, _ posts: [MustacheValue]) -> MustacheValue {
        ["pageTitle": .string(title), "posts": .list(posts)]
    }

    private func render(_ templates: [String: String], _ pages: [MustacheValue], cache: FragmentCache?,
                        limits: RenderLimits = .standard) throws -> [String] {
        let library = try TemplateLibrary(templates: templates)
        return pages.map { page in
            var output: [UInt8] = []
            _ = try? library.renderWhole("main", page, into: &output, limits: limits, fragments: cache)
            return String(decoding: output, as: UTF8.self)
        }
    }

    @Test func anElementThatReadsOnlyItselfIsRenderedOnceAndCopiedAfter() throws {
        let templates = ["main": "<h1>{{pageTitle}}</h1>{{#posts}}{{>summary}}{{/posts}}",
                         "summary": "<a href=\"{{url}}\">{{title}}</a>{{#tags}} #{{name}}{{/tags}};"]
        let pages = [page("One", [post("a", title: "A & B"), post("b", title: "B")]),
                     page("Two", [post("b", title: "B"), post("a", title: "A & B")])]
        let cache = FragmentCache()
        let copied = try render(templates, pages, cache: cache)
        #expect(copied == (try render(templates, pages, cache: nil)))
        #expect(copied[1] == "<h1>Two</h1><a href=\"/posts/b/\">B</a> #swift #ios;<a href=\"/posts/a/\">A &amp; B</a> #swift #ios;")
        #expect(cache.count == 2)
    }

    @Test func anElementThatReadsThePageAroundItIsRenderedOnEveryPage() throws {
        let templates = ["main": "{{#posts}}{{title}} on {{pageTitle}}. {{/posts}}"]
        let pages = [page("One", [post("a", title: "A")]), page("Two", [post("a", title: "A")])]
        let cache = FragmentCache()
        #expect(try render(templates, pages, cache: cache) == ["A on One. ", "A on Two. "])
        #expect(cache.count == 0)
    }

    /// A name no frame has could be found around the element on another page.
    @Test func anElementThatMissesANameIsNotKept() throws {
        let templates = ["main": "{{#posts}}{{title}}{{#note}} ({{note}}){{/note}} {{/posts}}"]
        let plain = page("One", [post("a", title: "A")])
        var noted = page("Two", [post("a", title: "A")])
        if case .object(let object) = noted {
            noted = .object(MustacheObject([(key: "note", value: "new")] + [(key: "posts", value: object["posts"] ?? .null)]))
        }
        let cache = FragmentCache()
        #expect(try render(templates, [plain, noted], cache: cache) == ["A ", "A (new) "])
    }

    /// An element seen again in a new version renders anew.
    @Test func theFingerprintTellsVersionsOfAnElementApart() throws {
        let templates = ["main": "{{#posts}}{{title}} {{/posts}}"]
        let pages = [page("One", [post("a", title: "Old", version: 1)]), page("Two", [post("a", title: "New", version: 2)])]
        #expect(try render(templates, pages, cache: FragmentCache()) == ["Old ", "New "])
    }

    /// Where a partial is indented, or a block is overridden from outside,
    /// the element alone does not decide the bytes: nothing is kept.
    @Test func indentationAndOverridesInScopeRenderAsWithoutACache() throws {
        let templates = ["main": "{{<frame}}{{$item}}[{{title}}]{{/item}}{{/frame}}\n  {{>list}}\n",
                         "frame": "{{#posts}}{{$item}}{{title}}{{/item}}{{/posts}}\n",
                         "list": "{{#posts}}\n{{title}}\n{{/posts}}\n"]
        let pages = [page("One", [post("a", title: "A"), post("b", title: "B")]),
                     page("Two", [post("b", title: "B"), post("a", title: "A")])]
        let cache = FragmentCache()
        #expect(try render(templates, pages, cache: cache) == (try render(templates, pages, cache: nil)))
        #expect(cache.count == 0)
    }

    /// A copy counts against the render's limits as rendering it did, so a
    /// page stops at the same byte with or without the cache.
    @Test func copiesCountAgainstTheStepLimit() throws {
        let templates = ["main": "{{#posts}}<{{title}}{{#tags}}.{{name}}{{/tags}}>{{/posts}}"]
        let posts = (0..<40).map { post("p\($0 % 4)", title: "T\($0 % 4)") }
        let limits = RenderLimits(maximumOutputBytes: .max, maximumSteps: 150)
        let cache = FragmentCache()
        let warm = try render(templates, [page("One", posts)], cache: cache)
        let copied = try render(templates, [page("One", posts)], cache: cache, limits: limits)
        let rendered = try render(templates, [page("One", posts)], cache: nil, limits: limits)
        #expect(cache.count >= 4)
        #expect(copied == rendered)
        #expect(copied[0].count < warm[0].count)
    }

    /// A deferred element is made only when a page renders it, and reads as
    /// the object it makes wherever a template reaches it.
    @Test func aDeferredElementIsMadeOnlyWhenRendered() throws {
        let made = Atomic<Int>(0)
        let identity = MustacheObject.Identity(name: "a", fingerprint: 1)
        let element = MustacheValue.object(MustacheObject(identity: identity, deferred: {
            made.add(1, ordering: .relaxed)
            return ["title": "A < B", "tags": [["name": "swift"]]]
        }))
        let templates = ["main": "{{#posts}}{{title}}{{#tags}} #{{name}}{{/tags}};{{/posts}}{{first.title}}"]
        let pages: [MustacheValue] = [["posts": [element, element]], ["posts": [element], "first": element]]
        let cache = FragmentCache()
        #expect(try render(templates, pages, cache: cache) == ["A &lt; B #swift;A &lt; B #swift;", "A &lt; B #swift;A &lt; B"])
        // Page one renders it at a line start, then after text (which an
        // indented partial inside would tell apart); page two copies the
        // first; the dotted name makes it once more.
        #expect(made.load(ordering: .relaxed) == 3)
        #expect(try render(templates, pages, cache: nil) == (try render(templates, pages, cache: FragmentCache())))
    }

    /// Threads sharing one cache (as a build's do) render every page as
    /// one thread without a cache does, and keep each element once.
    @Test func pagesRenderedOnManyThreadsAtOnceMatchPagesRenderedAlone() throws {
        let templates = ["main": "<h1>{{pageTitle}}</h1>{{#posts}}<a href=\"{{url}}\">{{title}}</a>{{#tags}} #{{name}}{{/tags}};{{/posts}}"]
        let posts: [MustacheValue] = (0..<300).map { (index: Int) -> MustacheValue in
            post("p\(index)", title: "Post \(index) <\(index % 7)>", version: index &* 0x9E37_79B9)
        }
        let pages = (0..<120).map { (number: Int) -> MustacheValue in
            let shown: [MustacheValue] = (0..<20).map { place in posts[(number * 37 + place * 11) % posts.count] }
            return page("Page \(number)", shown)
        }
        let alone = try render(templates, pages, cache: nil)
        let library = try TemplateLibrary(templates: templates)
        let cache = FragmentCache()
        let rendered = Mutex<[Int: String]>([:])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for number in stride(from: thread, to: pages.count, by: 4) {
                var output: [UInt8] = []
                _ = try? library.renderWhole("main", pages[number], into: &output, fragments: cache)
                let page = String(decoding: output, as: UTF8.self)
                rendered.withLock { $0[number] = page }
            }
        }
        let shared = rendered.withLock { all in pages.indices.map { all[$0] ?? "" } }
        #expect(shared == alone)
        var shown = Set<Int>()
        for number in pages.indices {
            for place in 0..<20 { shown.insert((number * 37 + place * 11) % posts.count) }
        }
        #expect(cache.count == shown.count)
    }
}
