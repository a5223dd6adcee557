/// Turns the bytes of one post file into a `Post`, checking it against the
/// folder and file name it was found under.
enum PostReader {
    static func read(_ bytes: [UInt8], path: String, category: String, id: String,
                     hash: UInt64? = nil) -> (Post?, [Diagnostic]) {
        var fields: ObjectReader
        switch ObjectReader.parse(bytes, path: path, describing: "a post") {
        case .success(let object): fields = object
        case .failure(let problem): return (nil, [problem])
        }
        if let declaredID = fields.optionalString("id"), declaredID != id {
            fields.error("'id' is '\(declaredID)' but the file is named '\(id).json'; they must agree", at: fields.node("id")?.location)
        }
        if let declaredCategory = fields.optionalString("category"), declaredCategory != category {
            fields.error("'category' is '\(declaredCategory)' but the post is in the folder '\(category)'; they must agree",
                         at: fields.node("category")?.location)
        }
        let title = fields.requiredString("title")
        let summary = fields.requiredString("desc")
        let bodyOffset = fields.requiredStringOffset("body")
        var date: PostDate?
        if let text = fields.optionalString("date") {
            date = PostDate(iso8601: text)
            if date == nil {
                fields.error("'date' must be an ISO 8601 date such as '2015-10-14' or '2015-10-14T08:30:00Z', not '\(text)'",
                             at: fields.node("date")?.location)
            }
        }
        let isDraft = fields.optionalBool("draft") ?? false
        fields.warnAboutUnknownKeys()
        guard let title, let summary, let bodyOffset, !fields.diagnostics.contains(where: { $0.severity == .error }) else {
            return (nil, fields.diagnostics)
        }
        // The body was parsed to check it; it is read again from the file when its page is rendered.
        let post = Post(id: id, category: category, title: title, summary: summary, bodySource: .file(offset: bodyOffset),
                        date: date, isDraft: isDraft, sourcePath: path, sourceHash: hash ?? StableHash.of(bytes))
        return (post, fields.diagnostics)
    }
}
