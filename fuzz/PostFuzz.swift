/// libFuzzer target for reading content files: the input is the bytes of
/// a post file (read as JSON, and as Markdown with YAML front matter), and
/// also of a site.json. Each must give a post or settings, or errors located
/// inside the file; any crash or hang is a finding.
/// Built by fuzz/run.sh together with Sources/SiteModel, so that the
/// readers, internal to the module, are reachable.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let lines = bytes.count(where: { $0 == UInt8(ascii: "\n") }) + 1
    do {
        _ = try JSONParser.parse(bytes)
    } catch {
        check(error.location, lines: lines, size: bytes.count, error.message)
    }
    let (post, postProblems) = PostReader.read(bytes, path: "posts/c/p.json", category: "c", id: "p")
    if let post, post.id != "p" || post.category != "c" || post.title.utf8.contains(0) {
        fatalError("a post that breaks the rules was accepted: \(post.id) \(post.category)")
    }
    let (markdownPost, markdownProblems) = PostReader.read(bytes, path: "posts/c/p.md", category: "c", id: "p")
    if let post = markdownPost {
        if post.id != "p" || post.category != "c" || post.title.utf8.contains(0) {
            fatalError("a Markdown post that breaks the rules was accepted: \(post.id) \(post.category)")
        }
        guard case .fileTail(let offset) = post.bodySource, offset > 0, offset <= bytes.count else {
            fatalError("a Markdown post's body is not in its file: \(post.bodySource)")
        }
    }
    let (config, configProblems) = SiteConfigReader.read(bytes, path: "site.json", baseURLOverride: nil)
    if let config, config.pageSize < 1 {
        fatalError("pageSize \(config.pageSize) was accepted")
    }
    for category in config?.categories ?? [] where !Slug.isValid(category.slug) {
        fatalError("category slug '\(category.slug)' was accepted")
    }
    for link in (post?.localLinks ?? []) + (markdownPost?.localLinks ?? []) {
        if let location = link.location { check(location, lines: lines, size: bytes.count, "link to \(link.path)") }
    }
    for problem in postProblems + markdownProblems + configProblems {
        if let location = problem.location { check(location, lines: lines, size: bytes.count, problem.message) }
    }
    return 0
}

/// A location must fall inside the file: a line it has, a column no wider than it.
private func check(_ location: SourceLocation, lines: Int, size: Int, _ message: String) {
    guard location.line >= 1, location.line <= lines, location.column >= 1, location.column <= size + 1 else {
        fatalError("\(location.line):\(location.column) is outside the file: \(message)")
    }
}
