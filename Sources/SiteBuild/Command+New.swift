/// `sitegen new site DIR` and `sitegen new post "TITLE" [--category SLUG] [--content DIR]`.
extension Command {
    static func parseNew(_ arguments: ArraySlice<String>) throws(UsageError) -> Command {
        var rest = arguments
        guard let kind = rest.popFirst() else { throw UsageError(description: "'new' needs 'site DIR' or 'post \"TITLE\"'; try 'sitegen --help'") }
        if kind == "--help" || kind == "-h" { return .help }
        var operands: [String] = []
        var category: String?
        var contentDirectory = "content"
        while let argument = rest.popFirst() {
            let (name, inlineValue) = split(argument)
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = rest.popFirst(), !next.isEmpty else { throw UsageError(description: "\(name) needs a value") }
                return next
            }
            switch (kind, name) {
            case (_, "--help"), (_, "-h"): return .help
            case ("post", "--category"): category = try value()
            case ("post", "--content"): contentDirectory = try value()
            case (_, "--"): operands += rest
                rest = []
            case _ where argument.hasPrefix("-") && argument != "-":
                throw UsageError(description: "unknown option '\(argument)' for 'new \(kind)'; try 'sitegen --help'")
            default: operands.append(argument)
            }
        }
        switch kind {
        case "site":
            guard operands.count == 1, let directory = operands.first, !directory.isEmpty else {
                throw UsageError(description: "'new site' needs one folder: sitegen new site DIR")
            }
            return .newSite(directory: directory)
        case "post":
            guard operands.count == 1, let title = operands.first else {
                throw UsageError(description: "'new post' needs one title, quoted: sitegen new post \"My title\"")
            }
            guard !title.allSatisfy(\.isWhitespace) else { throw UsageError(description: "the title of a new post must not be empty") }
            return .newPost(title: title, category: category, contentDirectory: contentDirectory)
        default:
            throw UsageError(description: "unknown kind '\(kind)' for 'new': 'site' or 'post'; try 'sitegen --help'")
        }
    }
}
