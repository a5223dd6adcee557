import Mustache
import Testing

/// Examples of use: how a site's templates and view models meet.
@Suite("Rendering")
struct RenderingTests {
    private func render(_ template: String, _ context: MustacheValue, partials: [String: String] = [:]) throws -> String {
        let library = try TemplateLibrary(templates: partials.merging(["page": template]) { _, page in page })
        return library.render("page", context)
    }

    @Test func escapesHTMLAndXMLSpecialCharacters() throws {
        let rendered = try render("<p title=\"{{text}}\">{{text}}</p>", ["text": "Fish & Chips <\"fresh\"> 'today'"])
        #expect(rendered == "<p title=\"Fish &amp; Chips &lt;&quot;fresh&quot;&gt; &#39;today&#39;\">"
            + "Fish &amp; Chips &lt;&quot;fresh&quot;&gt; &#39;today&#39;</p>")
    }

    @Test func tripleMustacheAndAmpersandAreRaw() throws {
        let context: MustacheValue = ["body": "<em>Hi</em> & bye"]
        #expect(try render("{{{body}}}|{{& body}}", context) == "<em>Hi</em> & bye|<em>Hi</em> & bye")
    }

    /// Objects are short lists searched from the end, and long ones get an
    /// index: either way a key finds its value, and a repeated key its last one.
    @Test func objectsFindEveryKeyAndARepeatedKeysLastValue() throws {
        for size in [3, 32, 33, 60] {
            var entries = (0..<size).map { (key: "k\($0)", value: MustacheValue.int($0)) }
            entries.append((key: "k1", value: "again"))
            let object = MustacheObject(entries)
            let template = (0..<size).map { "{{k\($0)}}" }.joined(separator: ",")
            let expected = (0..<size).map { $0 == 1 ? "again" : "\($0)" }.joined(separator: ",")
            #expect(try render(template, .object(object)) == expected, "\(size) keys")
            #expect(try render("[{{missing}}]", .object(object)) == "[]")
            let once = (0..<size).reversed().map { (key: "k\($0)", value: $0 == 1 ? "again" : MustacheValue.int($0)) }
            #expect(object == MustacheObject(once), "the same keys and values, in another order")
        }
        #expect(MustacheObject(["a": 1, "b": 2]) == MustacheObject(["b": 2, "a": 1]))
        #expect(MustacheObject(["a": 1]) != MustacheObject(["a": 1, "b": 2]))
    }

    /// A template tries first the place where a key was found last: objects
    /// made by other code, with the key elsewhere, missing, or written
    /// twice, still find each key's own (and last) value, on every page.
    @Test func keysFoundWhereverEachObjectHoldsThem() throws {
        let library = try TemplateLibrary(templates: ["page": "{{#items}}[{{a}}|{{b.c}}]{{/items}}{{a}}"])
        let items: [MustacheValue] = [
            ["a": "1", "b": ["c": "x"]],
            ["z": "-", "y": "-", "b": ["d": "-", "c": "y"], "a": "2"],
            ["b": "not an object"],
            .object(MustacheObject([(key: "a", value: "first"), (key: "q", value: "-"), (key: "a", value: "3")])),
        ]
        for round in 0..<3 {
            let order = round == 1 ? Array(items.reversed()) : items
            let expected = round == 1 ? "[3|][top|][2|y][1|x]top" : "[1|x][2|y][top|][3|]top"
            #expect(library.render("page", ["a": "top", "items": .list(order)]) == expected, "round \(round)")
        }
    }

    /// Text handed over as UTF-8 bytes (a rendered body) reads exactly as the same string would.
    @Test func textGivenAsBytesRendersAsTheStringWould() throws {
        let template = "{{t}}|{{{t}}}|{{#t}}yes{{/t}}{{^t}}no{{/t}}|{{#e}}yes{{/e}}{{^e}}no{{/e}}"
        let text = "<p>Fish & \"Chips\" — ok</p>\n"
        let asString = try render(template, ["t": .string(text), "e": .string("")])
        let asBytes = try render(template, ["t": .utf8(Array(text.utf8)), "e": .utf8([])])
        #expect(asBytes == asString)
        #expect(asBytes == "&lt;p&gt;Fish &amp; &quot;Chips&quot; — ok&lt;/p&gt;\n|<p>Fish & \"Chips\" — ok</p>\n|yes|no")
    }

    @Test func escapingKeepsNonASCIIText() throws {
        #expect(try render("{{t}}", ["t": "Grüße <ßtraße> 👋"]) == "Grüße &lt;ßtraße&gt; 👋")
    }

    @Test func iteratesAListOfObjects() throws {
        let template = """
        <ul>
        {{#posts}}
          <li><a href="{{url}}">{{title}}</a></li>
        {{/posts}}
        </ul>
        """
        let context: MustacheValue = ["posts": [
            ["title": "First", "url": "/1.html"],
            ["title": "Second", "url": "/2.html"],
        ]]
        #expect(try render(template, context) == """
        <ul>
          <li><a href="/1.html">First</a></li>
          <li><a href="/2.html">Second</a></li>
        </ul>
        """)
    }

    @Test func missingKeysRenderEmpty() throws {
        #expect(try render("[{{nope}}][{{a.b.c}}][{{#nope}}x{{/nope}}][{{^nope}}y{{/nope}}]", ["a": [:]]) == "[][][][y]")
    }

    @Test func emptyStringsAreFalseyButZeroIsTruthy() throws {
        let template = "{{#subtitle}}<h2>{{subtitle}}</h2>{{/subtitle}}{{^subtitle}}none{{/subtitle}} {{#count}}{{count}}{{/count}}"
        #expect(try render(template, ["subtitle": "", "count": 0]) == "none 0")
        #expect(try render(template, ["subtitle": "Hi", "count": 3]) == "<h2>Hi</h2> 3")
    }

    @Test func numbersAndBooleansPrintAsWritten() throws {
        let context: MustacheValue = ["i": -42, "d": 1.21, "whole": 85.0, "big": 1e20, "yes": true]
        #expect(try render("{{i}} {{d}} {{whole}} {{big}} {{yes}}", context) == "-42 1.21 85 1e+20 true")
    }

    @Test func layoutThroughParentAndBlocks() throws {
        let partials = ["layout": "<main>{{$content}}default{{/content}}</main>"]
        #expect(try render("{{<layout}}{{$content}}Hi{{/content}}{{/layout}}", [:], partials: partials) == "<main>Hi</main>")
        #expect(try render("{{<layout}}{{/layout}}", [:], partials: partials) == "<main>default</main>")
    }

    @Test func aPageFillsItsLayoutAndKeepsTheIndentation() throws {
        let layout = """
        <html>
        <head><title>{{$title}}Site{{/title}}</title></head>
        <body>
          {{$content}}
          {{/content}}
        </body>
        </html>

        """
        let post = """
        {{<layout}}
        {{$title}}{{post.title}}{{/title}}
        {{$content}}
        <article>
          <h1>{{post.title}}</h1>
          {{>byline}}
        </article>
        {{/content}}
        {{/layout}}

        """
        let library = try TemplateLibrary(templates: [
            "layout": layout, "post": post, "byline": "<p>\n  by {{post.author}}\n</p>\n",
        ])
        #expect(library.render("post", ["post": ["title": "Hello", "author": "Ann"]]) == """
        <html>
        <head><title>Hello</title></head>
        <body>
          <article>
            <h1>Hello</h1>
            <p>
              by Ann
            </p>
          </article>
        </body>
        </html>

        """)
    }

    @Test func blockArgumentsSeeTheContextWhereTheyAreRendered() throws {
        let partials = [
            "layout": "<title>{{$title}}Blog{{/title}}</title>\n{{#page}}{{$body}}{{/body}}{{/page}}\n",
        ]
        let template = """
        {{<layout}}
          {{$title}}{{page.title}} – Blog{{/title}}
          {{$body}}<h1>{{title}}</h1>{{/body}}
        {{/layout}}
        """
        let context: MustacheValue = ["page": ["title": "Hello"]]
        #expect(try render(template, context, partials: partials) == "<title>Hello – Blog</title>\n<h1>Hello</h1>\n")
    }

    @Test func aBlockOfTheSameNameInsideAnArgumentDoesNotRecurse() throws {
        let partials = [
            "layout": "<main>{{$content}}{{/content}}</main>",
            "card": "<div>{{$content}}empty card{{/content}}</div>",
        ]
        let template = "{{<layout}}{{$content}}{{<card}}{{$content}}card body{{/content}}{{/card}}{{/content}}{{/layout}}"
        #expect(try render(template, [:], partials: partials) == "<main><div>card body</div></main>")
    }

    @Test func standalonePartialsAreIndented() throws {
        let partials = ["item": "<li>\n  {{name}}\n</li>\n"]
        let template = "<ul>\n  {{#items}}\n  {{>item}}\n  {{/items}}\n</ul>\n"
        let context: MustacheValue = ["items": [["name": "a"], ["name": "b"]]]
        #expect(try render(template, context, partials: partials) == """
        <ul>
          <li>
            a
          </li>
          <li>
            b
          </li>
        </ul>

        """)
    }

    @Test func dynamicPartialsPickTheTemplateByValue() throws {
        let partials = ["text": "T:{{content}}", "image": "I:{{url}}"]
        let context: MustacheValue = ["items": [
            ["kind": "text", "content": "hello"],
            ["kind": "image", "url": "/a.jpg"],
            ["kind": "video"],
        ]]
        #expect(try render("{{#items}}[{{>*kind}}]{{/items}}", context, partials: partials) == "[T:hello][I:/a.jpg][]")
    }

    @Test func recursivePartialStopsAtTheDepthLimit() throws {
        let rendered = try render("{{>loop}}", [:], partials: ["loop": "x{{>loop}}"])
        #expect(rendered == String(repeating: "x", count: 100))
    }

    @Test func recursiveParentStopsAtTheDepthLimit() throws {
        let rendered = try render("{{<loop}}{{/loop}}", [:], partials: ["loop": "<{{<loop}}{{/loop}}>"])
        #expect(rendered == String(repeating: "<", count: 100) + String(repeating: ">", count: 100))
    }

    @Test func deeplyNestedRecursionDoesNotExhaustTheStack() throws {
        let sections = String(repeating: "{{#on}}", count: 250) + "{{>deep}}" + String(repeating: "{{/on}}", count: 250)
        let rendered = try render("{{>deep}}done", ["on": true], partials: ["deep": sections])
        #expect(rendered == "done")
    }

    @Test func fanOutRecursionFinishesWithinTheExpansionBudget() throws {
        let rendered = try render("{{>twice}}", [:], partials: ["twice": "{{>twice}}{{>twice}}"])
        #expect(rendered.isEmpty)
    }

    @Test func renderingAppendsBytesAndReportsUnknownTemplates() throws {
        let library = try TemplateLibrary(templates: ["a": "A{{n}}", "b": "B"])
        var output = Array("<".utf8)
        #expect(library.render("a", ["n": 1], into: &output))
        #expect(library.render("b", .null, into: &output))
        #expect(!library.render("c", .null, into: &output))
        #expect(String(decoding: output, as: UTF8.self) == "<A1B")
        #expect(library.render("c", .null).isEmpty)
        #expect(library.templateNames == ["a", "b"])
        #expect(library.contains("a") && !library.contains("c"))
    }

    @Test func viewModelsConvertThemselves() throws {
        struct Post: MustacheConvertible {
            let title: String
            let tags: [String]
            let subtitle: String?
            var mustacheValue: MustacheValue {
                ["title": title.mustacheValue, "tags": tags.mustacheValue, "subtitle": subtitle.mustacheValue]
            }
        }
        let posts = [Post(title: "One", tags: ["swift", "web"], subtitle: nil), Post(title: "Two", tags: [], subtitle: "2")]
        let template = "{{#posts}}{{title}}{{#subtitle}} ({{.}}){{/subtitle}}:{{#tags}} {{.}}{{/tags}};{{/posts}}"
        #expect(try render(template, ["posts": posts.mustacheValue]) == "One: swift web;Two (2):;")
    }

    @Test func aLibraryRendersFromManyTasksAtOnce() async throws {
        let library = try TemplateLibrary(templates: ["n": "{{#items}}{{.}},{{/items}}"])
        let results = await withTaskGroup(of: String.self) { group in
            for task in 0..<8 {
                group.addTask { library.render("n", ["items": .list((0..<task).map { .int($0) })]) }
            }
            return await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(results.count == 8)
    }
}
