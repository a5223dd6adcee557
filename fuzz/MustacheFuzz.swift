/// libFuzzer target for the Mustache engine: the input is one to three
/// templates separated by NUL bytes, compiled as `main`, `a` and `b`, so
/// partials, parents and blocks can refer to each other. Whatever compiles
/// is rendered against a context with every kind of value. Any crash, hang
/// or error without a usable location is a finding.
/// Built by fuzz/run.sh together with Sources/Mustache.

private let names = ["main", "a", "b"]

private let context: MustacheValue = [
    "a": true, "b": false, "n": 0, "x": 2.5, "s": "<&\"'>", "empty": "",
    "list": [1, "two", ["a": "inner", "list": [true, false]], [3, 4]],
    "object": ["a": "A", "b": ["c": "deep"], "list": []],
    "main": "main", "name": "a", "other": "b", "none": .null,
]

/// Smaller than the standard limits, which a render under the address
/// sanitizer would take seconds and gigabytes to reach; the mechanism that
/// stops a render is the same.
private let limits = RenderLimits(maximumOutputBytes: 16 << 20, maximumSteps: 1_000_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    var templates: [String: String] = [:]
    for (index, part) in bytes.split(separator: 0, maxSplits: names.count - 1, omittingEmptySubsequences: false).enumerated() {
        let name = names[index]
        do {
            templates[name] = try TemplateLibrary.text(ofFile: Array(part), name: name)
        } catch {
            check(error, in: templates, sizes: [name: part.count])
            templates[name] = String(decoding: part, as: UTF8.self)
        }
    }
    for mode in [TemplateLibrary.UnknownPartials.reject, .renderNothing] {
        do {
            let library = try TemplateLibrary(templates: templates, unknownPartials: mode)
            var output: [UInt8] = []
            library.render("main", context, into: &output, limits: limits)
        } catch {
            for mistake in error.errors {
                check(mistake, in: templates, sizes: [:])
            }
        }
    }
    return 0
}

/// An error must name a template it was given and point inside it.
private func check(_ error: MustacheError, in templates: [String: String], sizes: [String: Int]) {
    guard let size = sizes[error.templateName] ?? templates[error.templateName]?.utf8.count else {
        fatalError("error names an unknown template: \(error)")
    }
    guard error.line >= 1, error.column >= 1, error.line <= size + 1, error.column <= size + 1 else {
        fatalError("error points outside its template: \(error)")
    }
}
