import SiteModel
#if canImport(Glibc)
import Glibc
#endif

/// A parsed command line: what to do and with which options.
public enum Command: Equatable, Sendable {
    case build(BuildOptions, quiet: Bool)
    case check(BuildOptions)
    case serve(ServeOptions)
    case newSite(directory: String)
    case newPost(title: String, category: String?, contentDirectory: String)
    case help
    case version

    public static let versionText = "sitegen 0.1.0"

    public static let usage = """
    usage: sitegen build [--content DIR] [--templates DIR] [--output DIR]
                         [--base-url URL] [--drafts] [--jobs N] [--quiet] [--no-sync]
                         [--strict]
           sitegen check [--content DIR] [--templates DIR] [--strict]
           sitegen serve [--content DIR] [--templates DIR] [--output DIR]
                         [--port N] [--bind ADDR] [--drafts] [--jobs N]
           sitegen new site DIR
           sitegen new post "TITLE" [--category SLUG] [--content DIR]
           sitegen --help | --version

    build      validate content/ and templates/, then write the site into public/
    check      validate everything and write nothing
    serve      build into a private folder, serve it on http://127.0.0.1:4747/,
               rebuild on every change and reload the browser (Ctrl-C stops)
    new site   write a small working site into DIR, a new or empty folder
    new post   write a draft Markdown post, its id made from TITLE; print its path

    --content DIR    posts and site.json (default: content)
    --templates DIR  Mustache templates and assets/ that replace the built-in
                     theme's, file by file (default: templates, if it exists)
    --output DIR     where the site is written (default: public; for serve,
                     a temporary folder removed on exit)
    --base-url URL   serve the site from URL instead of baseURL of site.json
    --drafts         include posts marked "draft": true
    --jobs N         threads to render with (default: every core)
    --quiet          print nothing but errors
    --no-sync        do not wait for the site to reach the disk (throwaway builds, CI)
    --strict         treat warnings (a broken link, an unknown key) as errors (CI)
    --category SLUG  the new post's category (needed when there are several)
    --port N         serve's port (default: 4747, or the next free one)
    --bind ADDR      serve's address (default: 127.0.0.1, this machine only)

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
        case "build", "check", "serve": break
        case "new": return try parseNew(arguments.dropFirst())
        default: throw UsageError(description: "unknown command '\(verb)'; try 'sitegen --help'")
        }
        var options = BuildOptions()
        var serve = ServeOptions()
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
            case ("build", "--output"), ("serve", "--output"):
                options.outputDirectory = try value()
                serve.outputNamed = true
            case ("build", "--base-url"):
                let url = try value()
                guard BaseURL(url) != nil else {
                    throw UsageError(description: "--base-url must be an absolute http or https URL such as 'https://example.org/blog/', not '\(url)'")
                }
                options.baseURL = url
            case ("build", "--drafts"), ("serve", "--drafts"): options.includeDrafts = true
            case ("build", "--jobs"), ("serve", "--jobs"):
                let text = try value()
                guard let jobs = Int(text), jobs >= 1, jobs <= 1024 else {
                    throw UsageError(description: "--jobs must be a whole number from 1 to 1024, not '\(text)'")
                }
                options.jobs = jobs
            case ("build", "--quiet"): quiet = true
            case ("serve", "--port"):
                let text = try value()
                guard let port = UInt16(text), port >= 1 else {
                    throw UsageError(description: "--port must be a whole number from 1 to 65535, not '\(text)'")
                }
                serve.port = port
            case ("serve", "--bind"):
                let address = try value()
                guard Self.isIPAddress(address) else {
                    throw UsageError(description: "--bind must be a numeric IP address such as 127.0.0.1 or ::1, not '\(address)'")
                }
                serve.bindAddress = address
            case ("build", "--no-sync"): options.durable = false
            case ("build", "--strict"), ("check", "--strict"): options.strict = true
            case (_, "--help"), (_, "-h"): return .help
            default: throw UsageError(description: "unknown option '\(argument)' for '\(verb)'; try 'sitegen --help'")
            }
        }
        switch verb {
        case "build": return .build(options, quiet: quiet)
        case "serve":
            serve.build = options
            return .serve(serve)
        default: return .check(options)
        }
    }

    /// A numeric IPv4 or IPv6 address, as `inet_pton` reads them.
    private static func isIPAddress(_ text: String) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        return inet_pton(AF_INET, text, &buffer) == 1 || inet_pton(AF_INET6, text, &buffer) == 1
    }

    /// `--name=value` as well as `--name value`.
    static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
