// Renders the shipped list template with 20 posts many times and prints the
// output rate: how fast the Mustache engine turns a view model into bytes.
// Run in release: swift run -c release render-bench [templates-folder] [iterations]
import Foundation
import SiteModel
import SitePresentation
import SiteViews

let arguments = CommandLine.arguments
let templatesFolder = arguments.count > 1 ? arguments[1] : "templates"
let iterations = arguments.count > 2 ? Int(arguments[2]) ?? 20_000 : 20_000

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
    let renderer = SiteRenderer(templates: try TemplateSet(directory: templatesFolder))
    var bytes = 0
    let clock = ContinuousClock()
    let elapsed = clock.measure {
        for _ in 0..<iterations { bytes += renderer.render(page).bytes.count }
    }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let megabytes = Double(bytes) / 1_048_576
    print(String(format: "list page, 20 posts: %d renders, %.1f MiB in %.3f s: %.0f MiB/s, %.1f µs a page",
                 iterations, megabytes, seconds, megabytes / seconds, seconds / Double(iterations) * 1e6))
} catch {
    FileHandle.standardError.write(Data("render-bench: \(error.problems.map(\.description).joined(separator: "\n"))\n".utf8))
    exit(1)
}
