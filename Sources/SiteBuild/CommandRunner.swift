import Foundation

/// Runs a parsed command, printing as compilers do: results on stdout,
/// diagnostics on stderr, progress only when stderr is a terminal.
public enum CommandRunner {
    /// `serve` runs the `sitegen serve` controller, which lives above this layer.
    public static func run(_ arguments: [String], serve: (ServeOptions) -> Int32) -> Int32 {
        let command: Command
        do {
            command = try Command.parse(arguments)
        } catch {
            printError("sitegen: \(error.description)")
            return 2
        }
        switch command {
        case .help:
            print(Command.usage)
            return 0
        case .version:
            print(Command.versionText)
            return 0
        case .serve(let options):
            return serve(options)
        case .newSite(let directory):
            return runNew { date throws(NewCommandError) in try NewSite(directory: directory, date: date).run() }
        case .newPost(let title, let category, let contentDirectory):
            return runNew { date throws(NewCommandError) in
                [try NewPost(title: title, category: category, contentDirectory: contentDirectory, date: date).run()]
            }
        case .check(let options):
            do throws(BuildFailure) {
                let warnings = try Build(options: options).check()
                warnings.forEach(printError)
                print("no errors in \(options.contentDirectory) and \(options.templatesDirectory)")
                return 0
            } catch {
                report(error)
                return 1
            }
        case .build(let options, let quiet):
            let showProgress = !quiet && isatty(STDERR_FILENO) == 1
            let progress: @Sendable (BuildProgress) -> Void = { update in
                if showProgress { printProgress(update) }
            }
            do throws(BuildFailure) {
                var build = Build(options: options)
                build.exitsAfterward = true
                let report = try build.run(progress: progress)
                if showProgress { printError("\u{1B}[2K\r", terminator: "") }
                if !quiet {
                    report.warnings.forEach(printError)
                    print(report.summaryLine)
                }
                return 0
            } catch {
                if showProgress { printError("\u{1B}[2K\r", terminator: "") }
                report(error)
                return 1
            }
        }
    }

    private static func report(_ failure: BuildFailure) {
        failure.lines.forEach(printError)
        let count = failure.messages.count
        printError("\(count) error\(count == 1 ? "" : "s"); nothing was written")
    }

    private static func printProgress(_ progress: BuildProgress) {
        switch progress {
        case .step(let number, let total, let name):
            printError("\u{1B}[2K\r[\(number)/\(total)] \(name)", terminator: "")
        case .rendered(let done, let total):
            printError("\u{1B}[2K\r[3/4] rendered \(done) of \(total)", terminator: "")
        }
    }

    private static func printError(_ text: String) {
        printError(text, terminator: "\n")
    }

    private static func printError(_ text: String, terminator: String) {
        FileHandle.standardError.write(Data((text + terminator).utf8))
    }
}
