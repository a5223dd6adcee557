import Foundation
import Mustache

/// The templates of a site, read from `templates/` and compiled once per
/// build: the page templates, `partials/*.mustache`, and `assets/` to copy.
public struct TemplateSet: Sendable {
    /// Page templates every site needs; partials and the feed template may be added.
    public static let requiredPages = ["layout", "home", "list", "post", "404"]
    public static let feedTemplate = "feed.xml"

    public let directory: String
    let library: TemplateLibrary
    /// Paths of `assets/` files, relative to it, sorted.
    public let assetPaths: [String]
    /// Every template's name and text, sorted by name: what a page's bytes depend on besides its view model.
    public let sources: [(name: String, text: String)]

    public init(directory: String) throws(TemplateProblems) {
        self.directory = directory
        var sources: [String: String] = [:]
        var paths: [String: String] = [:]
        var problems: [TemplateProblem] = []
        let fileManager = FileManager.default
        guard let topLevel = try? fileManager.contentsOfDirectory(atPath: directory) else {
            throw TemplateProblems(problems: [TemplateProblem(path: directory, line: nil, column: nil,
                                                             message: "the templates folder does not exist")])
        }
        var files = topLevel.filter { $0.hasSuffix(".mustache") }.map { (name: String($0.dropLast(9)), path: "\(directory)/\($0)") }
        let partialsFolder = "\(directory)/partials"
        let partialFiles = (try? fileManager.contentsOfDirectory(atPath: partialsFolder)) ?? []
        files += partialFiles.filter { $0.hasSuffix(".mustache") }.map { (name: String($0.dropLast(9)), path: "\(partialsFolder)/\($0)") }
        for file in files.sorted(by: { $0.path < $1.path }) {
            // A file that cannot be used stays in, empty, so that the
            // templates including it do not add an 'unknown partial' error.
            var text = ""
            if let data = fileManager.contents(atPath: file.path) {
                do {
                    text = try TemplateLibrary.text(ofFile: [UInt8](data), name: file.name)
                } catch {
                    problems.append(TemplateProblem(path: file.path, line: error.line, column: error.column, message: error.message))
                }
            } else {
                problems.append(TemplateProblem(path: file.path, line: nil, column: nil, message: "cannot read the file"))
            }
            if let earlier = paths[file.name] {
                problems.append(TemplateProblem(path: file.path, line: nil, column: nil,
                                                message: "template name '\(file.name)' is already taken by \(earlier)"))
                continue
            }
            sources[file.name] = text
            paths[file.name] = file.path
        }
        for name in Self.requiredPages where sources[name] == nil {
            problems.append(TemplateProblem(path: "\(directory)/\(name).mustache", line: nil, column: nil,
                                            message: "the template is missing; every site needs it"))
        }
        do {
            library = try TemplateLibrary(templates: sources)
        } catch {
            problems += error.errors.map { mistake in
                TemplateProblem(path: paths[mistake.templateName] ?? mistake.templateName,
                                line: mistake.line, column: mistake.column, message: mistake.message)
            }
            throw TemplateProblems(problems: problems)
        }
        guard problems.isEmpty else { throw TemplateProblems(problems: problems) }
        self.sources = sources.sorted { $0.key < $1.key }.map { (name: $0.key, text: $0.value) }
        assetPaths = Self.files(under: "\(directory)/assets")
    }

    public var hasFeedTemplate: Bool { library.contains(Self.feedTemplate) }

    func render(_ name: String, _ value: MustacheValue) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16_384)
        library.render(name, value, into: &bytes)
        return bytes
    }

    private static func files(under folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: "\(folder)/\(relative)", isDirectory: &isDirectory), !isDirectory.boolValue {
                found.append(relative)
            }
        }
        return found.sorted()
    }
}
