/// Turns the bytes of one post file into a `Post`, checking it against the
/// folder and file name it was found under. The file's format (by its
/// extension) decides only how the keys are parsed and where the body is;
/// every key is then read and checked here, once, for both formats.
enum PostReader {
    enum Format {
        /// `<id>.json`: one JSON object whose `body` key holds the Markdown.
        case json
        /// `<id>.md`: YAML front matter, then the Markdown (see `FrontMatter`).
        case markdown

        init(path: String) {
            self = path.hasSuffix(".md") ? .markdown : .json
        }
    }

    /// What each key may also be called, as other generators name it.
    static let descriptionKeys = ["desc", "description", "summary"]
    /// `updated`, and the name Hugo's front matter gives it.
    static let updatedKeys = ["updated", "lastmod"]

    static func read(_ bytes: [UInt8], path: String, category: String, id: String,
                     hash: UInt64? = nil) -> (Post?, [Diagnostic]) {
        let reading = reading(bytes, path: path, category: category, id: id, hash: hash)
        return (reading.post, reading.diagnostics)
    }

    /// A post as `read` gives it, with the body its parse decoded: a JSON
    /// post's body is a string of the file, escapes and all, and the outline
    /// made right after reading takes it from here rather than decoding it
    /// a second time. Nil for a Markdown post, whose body is the file's tail.
    struct Reading {
        let post: Post?
        let diagnostics: [Diagnostic]
        let decodedBody: [UInt8]?
    }

    static func reading(_ bytes: [UInt8], path: String, category: String, id: String, hash: UInt64? = nil) -> Reading {
        var fields: ObjectReader
        var bodySource: Post.BodySource?
        var decodedBody: [UInt8]?
        switch Format(path: path) {
        case .json:
            switch ObjectReader.parse(bytes, path: path, describing: "a post") {
            case .success(let object): fields = object
            case .failure(let problem): return Reading(post: nil, diagnostics: [problem], decodedBody: nil)
            }
            // The body was parsed to check it; it is read again from the file when its page is rendered.
            bodySource = fields.requiredStringOffset("body").map { .file(offset: $0) }
            if bodySource != nil, case .string(let text)? = fields.node("body")?.value { decodedBody = text.utf8 }
        case .markdown:
            let keys: JSONNode
            do {
                let frontMatter = try FrontMatter.read(bytes)
                keys = frontMatter.keys
                bodySource = .fileTail(offset: frontMatter.bodyOffset)
            } catch {
                return Reading(post: nil, diagnostics: [.error(error.message, in: path, at: error.location)], decodedBody: nil)
            }
            guard let object = ObjectReader(keys, path: path) else {
                let problem = Diagnostic.error("the front matter must be keys and values (title: …), not \(keys.kindName)",
                                               in: path, at: keys.location)
                return Reading(post: nil, diagnostics: [problem], decodedBody: nil)
            }
            fields = object
            if let body = fields.node("body") {
                fields.appendDiagnostic(.warning("'body' is ignored: a Markdown post's body is what follows the front matter",
                                                 in: path, at: body.location))
            }
        }
        let (post, diagnostics) = readKeys(&fields, bodySource: bodySource, bytes: bytes, path: path, category: category, id: id,
                                           hash: hash)
        return Reading(post: post, diagnostics: diagnostics, decodedBody: post == nil ? nil : decodedBody)
    }

    private static func readKeys(_ fields: inout ObjectReader, bodySource: Post.BodySource?, bytes: [UInt8], path: String,
                                 category: String, id: String, hash: UInt64?) -> (Post?, [Diagnostic]) {
        if let declaredID = fields.optionalString("id"), declaredID != id {
            fields.error("'id' is '\(declaredID)' but \(naming(path, id: id)); they must agree", at: fields.node("id")?.location)
        }
        if let declaredCategory = fields.optionalString("category"), declaredCategory != category {
            fields.error("'category' is '\(declaredCategory)' but the post is in the folder '\(category)'; they must agree",
                         at: fields.node("category")?.location)
        }
        let title = fields.requiredString("title")
        let summary = fields.requiredString(fields.key(among: descriptionKeys) ?? descriptionKeys[0])
        let date = readDate("date", &fields)
        let isDraft = fields.optionalBool("draft") ?? false
        let details = PostDetails(tags: fields.optionalStringList("tags") ?? [], author: fields.optionalString("author"),
                                  updated: readDate(fields.key(among: updatedKeys) ?? updatedKeys[0], &fields))
        fields.warnAboutUnknownKeys()
        guard let title, let summary, let bodySource, !fields.diagnostics.contains(where: { $0.severity == .error }) else {
            return (nil, fields.diagnostics)
        }
        let post = Post(id: id, category: category, title: title, summary: summary, bodySource: bodySource,
                        date: date, isDraft: isDraft, details: details, sourcePath: path, sourceHash: hash ?? StableHash.of(bytes))
        return (post, fields.diagnostics)
    }

    private static func readDate(_ key: String, _ fields: inout ObjectReader) -> PostDate? {
        guard let text = fields.optionalString(key) else { return nil }
        guard let date = PostDate(iso8601: text) else {
            fields.error("'\(key)' must be an ISO 8601 date such as '2015-10-14' or '2015-10-14T08:30:00Z', not '\(text)'",
                         at: fields.node(key)?.location)
            return nil
        }
        return date
    }

    /// How the id is given by the file's place: `ui_0.json`, or the folder `ui_0` of `ui_0/index.md`.
    private static func naming(_ path: String, id: String) -> String {
        let parts = path.split(separator: "/")
        let name = parts.last.map(String.init) ?? path
        if name.hasPrefix("index."), parts.count >= 2, parts[parts.count - 2] == id {
            return "the folder is named '\(id)'"
        }
        return "the file is named '\(name)'"
    }
}
