// Two measurements of the render path, in release:
//   swift run -c release render-bench [templates-folder] [iterations]
//     renders the shipped list template with 20 posts many times: how fast
//     the Mustache engine turns a view model into bytes;
//   swift run -c release render-bench markdown BODIES [repeats] [render|length]
//     parses, walks and renders every post body of BODIES (bodies separated
//     by NUL bytes) on one core and prints the median repeat, and the cost
//     of counting the reading length (what a build does on reading a post);
//     naming one of the two runs only that one (for `perf stat`);
//   swift run -c release render-bench search BODIES [repeats]
//     takes the search terms of every body's text, as a build does for its
//     index, on one core: what the index costs a build for each word.
import Foundation
import SearchIndex
import SiteModel
import SitePresentation
import SiteViews

let arguments = CommandLine.arguments

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func benchmarkMarkdown(bodiesPath: String, repeats: Int, only: String?) {
    guard let data = FileManager.default.contents(atPath: bodiesPath) else {
        FileHandle.standardError.write(Data("render-bench: cannot read \(bodiesPath)\n".utf8))
        exit(1)
    }
    let bodies = data.split(separator: 0, omittingEmptySubsequences: true).map { Array($0) }
    let renderer = MarkdownRenderer(options: .init())
    func median(_ pass: () -> Int) -> (seconds: Double, bytes: Int) {
        var samples: [Double] = []
        var bytes = 0
        for _ in 0..<max(1, repeats) { samples.append(seconds(ContinuousClock().measure { bytes = pass() })) }
        return (samples.sorted()[samples.count / 2], bytes)
    }
    let render = only == "length" ? (seconds: 0, bytes: 0) : median { bodies.reduce(0) { $0 + renderer.render($1).html.utf8.count } }
    let count = only == "render" ? (seconds: 0, bytes: 0) : median { bodies.reduce(0) { $0 + renderer.readingLength(of: $1).total } }
    print(String(format: "markdown: %d bodies, parse+walk+render %.1f µs a body, reading length %.1f µs a body (median of %d)",
                 bodies.count, render.seconds / Double(bodies.count) * 1e6, count.seconds / Double(bodies.count) * 1e6,
                 max(1, repeats)))
}

func benchmarkListPage(templatesFolder: String, iterations: Int) {
    guard let base = BaseURL("https://example.org/blog/") else { exit(1) }
    let posts = (0..<20).map { index in
        Post(id: "post_\(index)", category: "news", title: "A title with <markup> & \"quotes\" number \(index)",
             summary: "One line that says what post \(index) is about.", body: "", date: PostDate(iso8601: "2020-01-20"),
             sourcePath: "post_\(index).json")
    }
    let site = Site(config: SiteConfig(title: "Benchmark", baseURL: base),
                    categories: [Category(slug: "news", title: "News", posts: posts)])
    let page = SitePresenter(site: site).listPages[0]
    do {
        let templates = try TemplateSet(directory: templatesFolder)
        var bytes = 0
        // A renderer per page: one renderer copies the summaries it rendered
        // before, and the engine's own speed is what is measured here.
        let elapsed = seconds(ContinuousClock().measure {
            for _ in 0..<iterations { bytes += SiteRenderer(templates: templates).render(page).bytes.count }
        })
        let megabytes = Double(bytes) / 1_048_576
        print(String(format: "list page, 20 posts: %d renders, %.1f MiB in %.3f s: %.0f MiB/s, %.1f µs a page",
                     iterations, megabytes, elapsed, megabytes / elapsed, elapsed / Double(iterations) * 1e6))
    } catch {
        FileHandle.standardError.write(Data("render-bench: \(error.problems.map(\.description).joined(separator: "\n"))\n".utf8))
        exit(1)
    }
}

func benchmarkSearchTerms(bodiesPath: String, repeats: Int) {
    guard let data = FileManager.default.contents(atPath: bodiesPath) else {
        FileHandle.standardError.write(Data("render-bench: cannot read \(bodiesPath)\n".utf8))
        exit(1)
    }
    let renderer = MarkdownRenderer(options: .init())
    let texts = data.split(separator: 0, omittingEmptySubsequences: true).map { renderer.render(Array($0)) }
    let words = texts.reduce(0) { total, body in
        total + body.text.split(whereSeparator: { $0 == 0x20 || $0 == 0x0A }).count
    }
    func takeTerms() -> Int {
        var table = TermTable()
        for (number, body) in texts.enumerated() {
            table.begin(document: number)
            table.add(strongText: body.headingText)
            table.add(bodyText: body.text)
        }
        return table.documentPlaces.count
    }
    func splitOnly() -> Int {
        var count = 0
        for body in texts { body.text.withUnsafeBufferPointer { SearchTokenizer.forEachTerm(inUTF8: $0) { count &+= $0.count } } }
        return count
    }
    var samples: [Double] = []
    var terms = 0
    for _ in 0..<max(1, repeats) {
        let start = ContinuousClock.now
        terms = ProcessInfo.processInfo.environment["SPLIT_ONLY"] != nil ? splitOnly() : takeTerms()
        samples.append(seconds(ContinuousClock.now - start))
    }
    let median = samples.sorted()[samples.count / 2]
    print(String(format: "search terms: %d bodies, %d words split by spaces, %.1f ns a word, %.1f µs a body (median of %d)",
                 terms, words, median / Double(words) * 1e9, median / Double(texts.count) * 1e6, samples.count))
}

if arguments.count > 2, arguments[1] == "search" {
    benchmarkSearchTerms(bodiesPath: arguments[2], repeats: arguments.count > 3 ? Int(arguments[3]) ?? 5 : 5)
} else if arguments.count > 2, arguments[1] == "markdown" {
    benchmarkMarkdown(bodiesPath: arguments[2], repeats: arguments.count > 3 ? Int(arguments[3]) ?? 5 : 5,
                      only: arguments.count > 4 ? arguments[4] : nil)
} else {
    benchmarkListPage(templatesFolder: arguments.count > 1 ? arguments[1] : "templates",
                      iterations: arguments.count > 2 ? Int(arguments[2]) ?? 20_000 : 20_000)
}
