import SiteModel

/// A parsed command line: what to do and with which options.
public enum Command: Equatable, Sendable {
    case build(BuildOptions, quiet: Bool)
    case check(BuildOptions)
    case newSite(directory: String)
    case newPost(title: String, category: String?, contentDirectory: String)
    case help
    case version

    public static let versionText = "sitegen 0.1.0"

    public static let usage = """
    usage: sitegen build [--content DIR] [--templates DIR] [--output DIR]
                         [--base-url URL] [--drafts] [--jobs N] [--quiet]
           sitegen check [--content DIR] [--templates DIR]
           sitegen new site DIR
           sitegen new post "TITLE" [--category SLUG] [--content DIR]
           sitegen --help | --version

    build      validate content/ and templates/, then write the site into public/
    check      validate everything and write nothing
    new site   write a small working site into DIR, a new or empty folder
    new post   write a draft Markdown post, its id made from TITLE; print its path

    --content DIR    posts and site.json (default: content)
    --templates DIR  Mustache templates and assets/ that replace the built-in
                     theme's, file by file (default: templates, if it exists)
    --output DIR     where the site is written (default: public)
    --base-url URL   serve the site from URL instead of baseURL of site.json
    --drafts         include posts marked "draft": true
    --jobs N         threads to render with (default: every core)
    --quiet          print nothing but errors
    --category SLUG  the new post's category (needed when there are several)

    exit status: 0 success, 1 errors in content, templates or output, 2 bad command line
    """

    /// A bad command line, worded for the user; exit status 2.
    public struct UsageError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let verb = arguments.first else { throw UsageError(description: "missing command; try 'sitegen --help'") }
        switch verb {
        case "--help", "-h", "help": return .help
        case "--version": return .version
        case "build", "check": break
        case "new": return try parseNew(arguments.dropFirst())
        default: throw UsageError(description: "unknown command '\(verb)'; try 'sitegen --help'")
        }
        var options = BuildOptions()
        var quiet = false
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            let (name, inlineValue) = split(argument)
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = rest.popFirst(), !next.isEmpty else {
                    throw UsageError(description: "\(name) needs a value")
                }
                return next
            }
            switch (verb, name) {
            case (_, "--content"): options.contentDirectory = try value()
            case (_, "--templates"):
                options.templatesDirectory = try value()
                options.templatesNamed = true
            case ("build", "--output"): options.outputDirectory = try value()
            case ("build", "--base-url"):
                let url = try value()
                guard BaseURL(url) != nil else {
                    throw UsageError(description: "--base-url must be an absolute http or https URL such as 'https://example.org/blog/', not '\(url)'")
                }
                options.baseURL = url
            case ("build", "--drafts"): options.includeDrafts = true
            case ("build", "--jobs"):
                let text = try value()
                guard let jobs = Int(text), jobs >= 1, jobs <= 1024 else {
                    throw UsageError(description: "--jobs must be a whole number from 1 to 1024, not '\(text)'")
                }
                options.jobs = jobs
            case ("build", "--quiet"): quiet = true
            case (_, "--help"), (_, "-h"): return .help
            default: throw UsageError(description: "unknown option '\(argument)' for '\(verb)'; try 'sitegen --help'")
            }
        }
        return verb == "build" ? .build(options, quiet: quiet) : .check(options)
    }

    /// `--name=value` as well as `--name value`.
    static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
