import Foundation
import TestSupport
import Testing

/// Each folder of `BadContent/` is a site with mistakes and the exact report
/// `sitegen` must print for it (see `BadContent/README.md`). The binary runs
/// over a copy of an earlier good build, which must come out untouched.
@Suite("Bad content corpus")
struct BadContentCorpusTests {
    static let corpus = Repository.root + "/Tests/SiteBuildTests/BadContent"

    static var cases: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []
        return names.filter { isFolder(corpus + "/" + $0) }.sorted()
    }

    @Test func theCorpusIsThere() {
        #expect(Self.cases.count >= 30)
    }

    @Test(arguments: cases)
    func reportsEveryMistakeAndWritesNothing(name: String) throws {
        let source = Self.corpus + "/" + name
        let isUsageCase = name.hasPrefix("usage-")
        try run(arguments(of: source), on: source, expectingStatus: isUsageCase ? 2 : 1, countLine: !isUsageCase)
    }

    /// `check` runs every validation `build` runs: the same report, word for
    /// word; all but what only rendering the pages finds (`render-*`).
    @Test(arguments: cases.filter { !$0.hasPrefix("usage-") && !$0.hasPrefix("render-") })
    func checkReportsWhatBuildReports(name: String) throws {
        try run(["check"], on: Self.corpus + "/" + name, expectingStatus: 1, countLine: true)
    }

    private func run(_ arguments: [String], on source: String, expectingStatus status: Int32, countLine: Bool) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Repository.sitegenBinary),
                     "build the binary first: swift build --build-tests")
        let work = try TemporaryFolder("sitegen-corpus")
        defer { work.remove() }
        try buildGoodSite(into: work.path + "/public")
        try copyInputs(from: source, to: work.path)
        let before = TreeSnapshot(work.path + "/public")
        let entries = try FileManager.default.contentsOfDirectory(atPath: work.path).sorted()

        let run = try SitegenProcess.run(arguments, in: work.path)

        let expected = try lines(of: source + "/expected.txt")
        let errorCount = expected.count { $0.contains(": error: ") }
        let count = "\(errorCount) error\(errorCount == 1 ? "" : "s"); nothing was written"
        #expect(run.status == status)
        #expect(run.standardError.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                == expected + (countLine ? [count] : []) + [""])
        #expect(TreeSnapshot(work.path + "/public") == before, "the output folder changed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).sorted() == entries, "something was left beside the output")
    }

    /// The case's `content/`; the repository's templates with the case's
    /// `templates/` laid over them.
    private func copyInputs(from source: String, to work: String) throws {
        let files = FileManager.default
        if files.fileExists(atPath: source + "/content") {
            try files.copyItem(atPath: source + "/content", toPath: work + "/content")
        }
        try files.copyItem(atPath: Repository.templates, toPath: work + "/templates")
        let overrides = source + "/templates"
        for relative in files.subpaths(atPath: overrides) ?? [] where !Self.isFolder(overrides + "/" + relative) {
            let target = work + "/templates/" + relative
            try? files.removeItem(atPath: target)
            try files.copyItem(atPath: overrides + "/" + relative, toPath: target)
        }
    }

    private func buildGoodSite(into output: String) throws {
        let content = try TemporaryFolder("sitegen-corpus-good")
        defer { content.remove() }
        try content.write("site.json", ContentFixture.siteJSON())
        try content.write("posts/notes/first.json", ContentFixture.postJSON(title: "First"))
        try content.write("posts/news/second.json", ContentFixture.postJSON(title: "Second", date: "2021-02-03"))
        try Builder.build(content: content.path, output: output)
    }

    /// One argument a line in `arguments`; `build` with the defaults when there is none.
    private func arguments(of source: String) throws -> [String] {
        guard FileManager.default.fileExists(atPath: source + "/arguments") else { return ["build"] }
        return try lines(of: source + "/arguments")
    }

    private func lines(of path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
