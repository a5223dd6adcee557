import Foundation
import SiteBuild
import TestSupport

/// Runs builds the way the command line would, against folders a test made.
enum Builder {
    static func options(content: String = Repository.content, templates: String = Repository.templates,
                        output: String, jobs: Int = 2, baseURL: String? = nil) -> BuildOptions {
        var options = BuildOptions()
        options.contentDirectory = content
        options.templatesDirectory = templates
        options.outputDirectory = output
        options.jobs = jobs
        options.baseURL = baseURL
        return options
    }

    @discardableResult
    static func build(content: String = Repository.content, templates: String = Repository.templates,
                      output: String, jobs: Int = 2, baseURL: String? = nil) throws(BuildFailure) -> BuildReport {
        try Build(options: options(content: content, templates: templates, output: output, jobs: jobs, baseURL: baseURL)).run()
    }

    /// Gives a post file a new body, keeping every other field.
    static func editBody(of file: String, to body: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        guard var post = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { return }
        post["body"] = body
        try JSONSerialization.data(withJSONObject: post, options: [.sortedKeys]).write(to: URL(fileURLWithPath: file))
    }

    /// A site in a temporary folder (the seed content unless `makeContent`
    /// writes another and returns its path; a copy of the theme when a test
    /// edits it), with the build and the memory of a process that keeps one
    /// between builds (`sitegen serve`). The caller releases the memory, then the folder.
    static func warmSite(ownsOutput: Bool = true, copyingTemplates: Bool = false,
                         content makeContent: (TemporaryFolder) throws -> String = { try copyOfSeedContent(into: $0) }) throws
        -> (folder: TemporaryFolder, content: String, templates: String, options: BuildOptions, memory: BuildMemory, build: Build) {
        let folder = try TemporaryFolder()
        let templates = folder.path + "/templates"
        if copyingTemplates { try FileManager.default.copyItem(atPath: Repository.templates, toPath: templates) }
        let content = try makeContent(folder)
        let options = Builder.options(content: content, templates: copyingTemplates ? templates : Repository.templates,
                                      output: folder.path + "/site")
        let memory = BuildMemory(ownsOutput: ownsOutput)
        return (folder, content, templates, options, memory, Build(options: options))
    }

    /// Copies the shipped content into `folder` and builds it into `folder/public`,
    /// the starting point of a test that edits content and builds again.
    static func buildSeedCopy(in folder: TemporaryFolder) throws -> (content: String, output: String) {
        let content = try copyOfSeedContent(into: folder)
        let output = folder.path + "/public"
        try build(content: content, output: output)
        return (content, output)
    }

    /// A copy of the shipped content that a test may edit.
    static func copyOfSeedContent(into folder: TemporaryFolder) throws -> String {
        let copy = folder.path + "/content"
        try FileManager.default.copyItem(atPath: Repository.content, toPath: copy)
        return copy
    }
}

/// Every file of a tree with its bytes, inode and modification time, to
/// compare a folder before and after a build.
struct TreeSnapshot: Equatable {
    struct Entry: Equatable {
        let bytes: [UInt8]
        let inode: UInt64
        let modified: Date
    }

    let entries: [String: Entry]

    init(_ root: String) {
        var entries: [String: Entry] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            let path = root + "/" + relative
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  attributes[.type] as? FileAttributeType == .typeRegular,
                  let data = FileManager.default.contents(atPath: path) else { continue }
            entries[relative] = Entry(bytes: [UInt8](data),
                                      inode: (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0,
                                      modified: attributes[.modificationDate] as? Date ?? .distantPast)
        }
        self.entries = entries
    }

    /// Paths whose file is new or was rewritten (another inode) since `earlier`.
    func rewritten(since earlier: TreeSnapshot) -> [String] {
        entries.filter { path, entry in earlier.entries[path]?.inode != entry.inode }.keys.sorted()
    }

    var contents: [String: [UInt8]] { entries.mapValues(\.bytes) }
}
