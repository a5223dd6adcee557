import FileWatching
import Foundation
import HTTPServer
import SiteBuild
import SiteModel

/// The controller of `sitegen serve`. The watcher (model side) announces
/// which inputs changed; the controller rebuilds through the one `Build`
/// pipeline, keeping what it can between builds, and tells the browsers
/// what the build changed, or what went wrong, over the server's event
/// stream. The last good site stays served while the input has errors.
final class ServeController: @unchecked Sendable {
    private let options: ServeOptions
    private let privateFolder: PrivateFolder?
    private let buildOptions: BuildOptions
    private let memory: BuildMemory
    private let watchedFolders: [String]
    private var server: StaticFileServer
    private var basePath: String
    private var watcher: FileWatcher?
    private var rebuilds: RebuildQueue?
    // Touched by the build queue alone, one build at a time.
    private var builds = 0
    private var showsProblems = false
    private var lastWarnings: [String] = []
    private let serverLock = NSLock()
    private static let eventsPath = "/__sitegen/events"

    init(_ options: ServeOptions) throws(ServeError) {
        self.options = options
        var buildOptions = options.build
        if options.outputNamed {
            privateFolder = nil
        } else {
            let folder = try PrivateFolder.make()
            privateFolder = folder
            buildOptions.outputDirectory = folder.site
            // Deleted on exit: no build waits for it to reach the disk.
            buildOptions.durable = false
        }
        self.buildOptions = buildOptions
        memory = BuildMemory(ownsOutput: !options.outputNamed)
        basePath = SiteConfig.baseURL(inContentDirectory: buildOptions.contentDirectory)?.path ?? "/"
        // The templates folder is watched also before it exists: made while
        // serving, it is watched from then on and its templates apply.
        let content = URL(fileURLWithPath: buildOptions.contentDirectory).standardizedFileURL.resolvingSymlinksInPath()
        let templates = URL(fileURLWithPath: buildOptions.templatesDirectory).standardizedFileURL.resolvingSymlinksInPath()
        let templatesMayAppear = FileManager.default.fileExists(atPath: templates.deletingLastPathComponent().path)
        watchedFolders = [content.path] + (templatesMayAppear ? [templates.path] : [])
        do {
            server = try StaticFileServer(Self.configuration(options, root: buildOptions.outputDirectory, basePath: basePath,
                                                             port: options.port ?? ServeOptions.defaultPort,
                                                             portIsFixed: options.port != nil))
        } catch {
            privateFolder?.remove()
            throw ServeError("sitegen: \(error.description)")
        }
    }

    /// Watches, then builds the site; the server answers meanwhile.
    func start() {
        if !Self.isLoopback(options.bindAddress) {
            printError("sitegen: warning: serving on \(options.bindAddress): other machines can reach this server and read the site")
        }
        let rebuilds = RebuildQueue { [unowned self] changes in self.rebuild(changes) }
        self.rebuilds = rebuilds
        do {
            watcher = try FileWatcher(roots: watchedFolders) { changes in
                rebuilds.announce(changes.overflowed ? .everything : .paths(changes.paths))
            }
        } catch {
            printError("sitegen: warning: \(error.description); the site is built once and not rebuilt on changes")
        }
        rebuilds.announce(.everything)
    }

    /// Stops watching, lets a build under way finish (for a while), stops
    /// serving and removes the private folder.
    func shutDown() {
        watcher?.stop()
        _ = rebuilds?.waitUntilIdle(timeout: 10)
        serverLock.withLock { server.stop() }
        memory.release()
        privateFolder?.remove()
    }

    private func rebuild(_ changes: InputChanges) {
        followBasePath(changes)
        var options = buildOptions
        let port = serverLock.withLock { server.port }
        options.baseURL = "http://\(Self.urlHost(self.options.bindAddress)):\(port)\(basePath)"
        builds += 1
        do throws(BuildFailure) {
            let report = try Build(options: options).run(keeping: memory, changes: changes)
            if report.warnings != lastWarnings { report.warnings.forEach(printError) }
            lastWarnings = report.warnings
            print(builds == 1 ? report.summaryLine : "rebuilt: " + report.summaryLine.dropFirst("built ".count))
            if builds == 1 { print("serving \(options.baseURL ?? "") (Ctrl-C to stop)") }
            publish(ReloadPlan(written: report.written, removed: report.removed, basePath: basePath))
            memory.freeLeftovers()
            Build(options: options).prepareNextBuild(keeping: memory)
        } catch {
            lastWarnings = []
            error.lines.forEach(printError)
            let count = error.messages.count
            printError("\(count) error\(count == 1 ? "" : "s"); \(builds == 1 ? "an error page is served until they are fixed" : "the last good site is still served")")
            if builds == 1 { print("serving \(options.baseURL ?? "") (Ctrl-C to stop); it shows the errors until they are fixed") }
            showsProblems = true
            serverLock.withLock { server.publish(event: "problems", data: ServeEvents.problems(error.lines), retained: true) }
        }
        fflushStandardOutput()
    }

    /// After a good build: the tabs the build concerns, the errors gone, and
    /// a new site version for tabs that reconnect later.
    private func publish(_ plan: ReloadPlan) {
        serverLock.withLock {
            if showsProblems { server.publish(event: "problems", data: ServeEvents.problems([]), retained: false) }
            if !plan.isEmpty { server.publish(event: "reload", data: plan.json, retained: false) }
            server.publish(event: "version", data: ServeEvents.version(builds), retained: true)
        }
        showsProblems = false
    }

    /// A `site.json` whose `baseURL` now has another path is served under it:
    /// the server starts again on the same port with the new base path.
    private func followBasePath(_ changes: InputChanges) {
        let siteFile = (watchedFolders.first ?? "") + "/site.json"
        if case .paths(let paths) = changes, !paths.contains(siteFile), !paths.contains(watchedFolders.first ?? "") { return }
        guard let path = SiteConfig.baseURL(inContentDirectory: buildOptions.contentDirectory)?.path, path != basePath else { return }
        serverLock.withLock {
            server.stop()
            do throws(ServerError) {
                server = try StaticFileServer(Self.configuration(options, root: buildOptions.outputDirectory, basePath: path,
                                                                 port: server.port, portIsFixed: true))
                basePath = path
            } catch {
                printError("sitegen: \(error.description)")
            }
        }
    }

    private static func configuration(_ options: ServeOptions, root: String, basePath: String, port: UInt16,
                                      portIsFixed: Bool) -> ServerConfiguration {
        ServerConfiguration(root: root, address: options.bindAddress, port: port, portIsFixed: portIsFixed, basePath: basePath,
                            eventsPath: eventsPath, injection: LiveReloadScript.html(eventsPath: eventsPath),
                            placeholder: PlaceholderPage.html)
    }

    /// How links name the server: the bound address, or 127.0.0.1 when it
    /// listens on every address.
    static func urlHost(_ address: String) -> String {
        if address == "0.0.0.0" || address == "::" { return "127.0.0.1" }
        return address.contains(":") ? "[\(address)]" : address
    }

    static func isLoopback(_ address: String) -> Bool {
        address.hasPrefix("127.") || address == "::1" || address == "localhost"
    }
}

private func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Lines reach a pipe (a test, `tee`) as they are printed, not when a buffer fills.
private func fflushStandardOutput() {
    fflush(nil)
}
