import Foundation
import Mustache

/// The templates of a site, compiled once per build: the built-in theme,
/// with the files of the site's `templates/` in place of the built-in ones
/// of the same path (see `ThemeFiles`); the page templates,
/// `partials/*.mustache`, and `assets/` to copy.
public struct TemplateSet: Sendable {
    /// Page templates every site needs; partials and the feed template may be added.
    public static let requiredPages = ["layout", "home", "list", "post", "404", "tags"]
    public static let feedTemplate = "feed.xml"
    /// Optional: a template set with it gets a search page and index.
    public static let searchTemplate = "search"

    let library: TemplateLibrary
    /// Where each template came from, by name, for the messages of a render.
    let origins: [String: String]
    /// The `assets/` files, paths relative to it, sorted.
    public let assets: [(path: String, bytes: [UInt8])]
    /// Every template's name and text, sorted by name: what a page's bytes depend on besides its view model.
    public let sources: [(name: String, text: String)]

    /// A complete theme in `directory`, with no built-in files under it.
    public init(directory: String) throws(TemplateProblems) {
        try self.init(builtIn: [], overrides: directory)
    }

    /// `builtIn` with the files of `overrides` in their place; nil means none.
    public init(builtIn: [(path: String, bytes: [UInt8])], overrides: String?) throws(TemplateProblems) {
        let theme = try ThemeFiles(builtIn: builtIn, overrides: overrides)
        var sources: [String: String] = [:]
        var origins: [String: String] = [:]
        var problems: [TemplateProblem] = []
        var assets: [(path: String, bytes: [UInt8])] = []
        for file in theme.files {
            if file.path.hasPrefix("assets/") {
                if let bytes = file.bytes {
                    assets.append((String(file.path.dropFirst(7)), bytes))
                } else {
                    problems.append(TemplateProblem(path: file.origin, line: nil, column: nil, message: "cannot read the asset"))
                }
                continue
            }
            let name = String(file.path.split(separator: "/").last?.dropLast(9) ?? "")
            // A file that cannot be used stays in, empty, so that the
            // templates including it do not add an 'unknown partial' error.
            var text = ""
            if let bytes = file.bytes {
                do {
                    text = try TemplateLibrary.text(ofFile: bytes, name: name)
                } catch {
                    problems.append(TemplateProblem(path: file.origin, line: error.line, column: error.column, message: error.message))
                }
            } else {
                problems.append(TemplateProblem(path: file.origin, line: nil, column: nil, message: "cannot read the file"))
            }
            if let earlier = origins[name] {
                problems.append(TemplateProblem(path: file.origin, line: nil, column: nil,
                                                message: "template name '\(name)' is already taken by \(earlier)"))
                continue
            }
            sources[name] = text
            origins[name] = file.origin
        }
        for name in Self.requiredPages where sources[name] == nil {
            problems.append(TemplateProblem(path: "\(overrides ?? ThemeFiles.builtInFolder)/\(name).mustache", line: nil, column: nil,
                                            message: "the template is missing; every site needs it"))
        }
        self.origins = origins
        do {
            library = try TemplateLibrary(templates: sources)
        } catch {
            problems += error.errors.map { mistake in
                TemplateProblem(path: origins[mistake.templateName] ?? mistake.templateName,
                                line: mistake.line, column: mistake.column, message: mistake.message)
            }
            throw TemplateProblems(problems: problems)
        }
        guard problems.isEmpty else { throw TemplateProblems(problems: problems) }
        self.sources = sources.sorted { $0.key < $1.key }.map { (name: $0.key, text: $0.value) }
        self.assets = assets
    }

    public var hasFeedTemplate: Bool { library.contains(Self.feedTemplate) }
    public var hasSearchTemplate: Bool { library.contains(Self.searchTemplate) }

    /// The file at `path` rendered from template `name`, marked cut short
    /// when the render reached one of the engine's limits. `extraCapacity`
    /// is room for what the value brings beyond the usual page (a post's
    /// body), so that the bytes are allocated once.
    func page(_ name: String, _ value: MustacheValue, at path: String, fragments: FragmentCache? = nil,
              extraCapacity: Int = 0) -> RenderedFile {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16_384 + extraCapacity)
        do {
            try library.renderWhole(name, value, into: &bytes, fragments: fragments)
            return RenderedFile(path: path, bytes: bytes)
        } catch {
            let cutShort = RenderedFile.CutShort(template: origins[name] ?? name + ".mustache", limit: error.description)
            return RenderedFile(path: path, bytes: bytes, cutShort: cutShort)
        }
    }
}
