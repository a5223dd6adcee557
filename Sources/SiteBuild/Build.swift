import DefaultTheme
import Foundation
import SiteModel
import SitePresentation
import SiteViews

/// `sitegen build`, top to bottom: load → present → render → write.
/// Nothing touches the output folder until every input has been validated,
/// and the new site replaces the old one only when every file is staged.
public struct Build: Sendable {
    public let options: BuildOptions
    /// Set by the command line, whose process exits right after the build:
    /// what the build holds is then left to the exit instead of being freed
    /// object by object (0.35 s of 19 at 100,000 posts).
    public var exitsAfterward = false

    public init(options: BuildOptions) {
        self.options = options
    }

    public func run(progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }) throws(BuildFailure) -> BuildReport {
        try run(memory: nil, changes: .everything, progress: progress)
    }

    /// The same build, in a process that keeps `memory` between builds and
    /// knows from a watcher what changed since the last one. The changes a
    /// failed build was given are looked at again by the next.
    public func run(keeping memory: BuildMemory, changes: InputChanges,
                    progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }) throws(BuildFailure) -> BuildReport {
        // A caller that did not free the last build's leftovers has them freed now.
        memory.freeLeftovers()
        let changes = memory.unsettled.merged(with: changes)
        memory.unsettled = changes
        let report = try run(memory: memory, changes: changes, progress: progress)
        memory.unsettled = .none
        return report
    }

    private func run(memory: BuildMemory?, changes: InputChanges,
                     progress: @escaping @Sendable (BuildProgress) -> Void) throws(BuildFailure) -> BuildReport {
        let start = ContinuousClock.now

        progress(.step(number: 1, of: 4, name: "load content and templates"))
        // A mistyped output path is told before the content is read, not
        // after (at 10,000 posts, a second later).
        do {
            try OutputStore.checkPlace(of: options.outputDirectory, protecting: [options.contentDirectory, options.templatesDirectory])
        } catch {
            throw BuildFailure(messages: [error.description], warnings: [])
        }
        // Opening the output folder only reads it (its manifest, a line for
        // each file, and each folder's change time), so it runs beside the
        // loading, once no other build holds the folder.
        let opening = BackgroundWork { () -> Result<(store: OutputStore, lock: OutputLock?), OutputError> in
            Result { () throws(OutputError) in try openOutput(memory: memory) }
        }
        // Held until the new site and its cache are in place, whatever happens.
        defer { if case .success(let opened) = opening.result() { opened.lock?.release() } }
        let cacheFile = PostCacheFile(outputDirectory: options.outputDirectory)
        let fileCache = memory?.postCache == nil ? cacheFile.read() : nil
        let contentChanges: ContentChanges = memory?.postCache == nil ? .unknown
            : changes.relative(to: FileSystem.resolved(options.contentDirectory)).map(ContentChanges.paths) ?? .unknown
        let keptTemplates = changes.relative(to: FileSystem.resolved(options.templatesDirectory))?.isEmpty == true
            ? memory?.templates : nil
        // Only post files changed, for the same options: the last site with those posts read again.
        let patchable = memory?.options == options && contentChanges.onlyPostFiles(of: memory?.postCache ?? fileCache ?? PostCache())
            ? memory?.site : nil
        let loadedBodies = LoadedBodies(budget: memory == nil ? LoadedBodies.buildBudget : LoadedBodies.servingBudget)
        // Posts read are taken for their terms unless the term cache holds them. Not by a
        // process that keeps its index (`sitegen serve`): its edits read a post or two,
        // whose terms the index takes from their jobs.
        let searchCacheFile = SearchTermCacheFile(outputDirectory: options.outputDirectory)
        let previousTerms = memory == nil ? searchCacheFile.read() : SearchTermCache()
        let loadedTerms = memory == nil ? LoadedTerms(known: { previousTerms.contains($0) }) : nil
        let inputs = try loadInputs(reusing: fileCache, keeping: memory, changes: contentChanges, templates: keptTemplates,
                                    patching: patchable, bodies: (loadedBodies, loadedTerms))
        loadedTerms?.finishReading()
        // The next build's cache is made ready while the pages render, and
        // written only once the new site is in place.
        let postCache = inputs.postCache
        let cacheBytes = BackgroundWork { memory != nil || postCache.isSubset(of: fileCache ?? PostCache()) ? nil : postCache.bytes }

        progress(.step(number: 2, of: 4, name: "present pages"))
        let presenter = SitePresenter(site: inputs.site, reusing: memory?.presenter, jobs: options.jobs)
        // With the templates kept and only post files changed, in what the
        // outline does not show, the live tree is this build's but for the
        // jobs reading those posts, and the site has the last build's pages.
        let delta = keptTemplates != nil && contentChanges.onlyPostFiles(of: inputs.postCache)
            ? memory?.site.flatMap { SiteDelta.between($0, inputs.site) } : nil
        // The jobs are listed on another thread while the links are checked.
        let assets = inputs.assets
        let listing = BackgroundWork {
            delta.map { RenderJob.reading($0, presenter: presenter) } ?? RenderJob.all(presenter: presenter, assets: assets)
        }
        // Every link of every body, checked against the site's paths before
        // anything is rendered; the paths are the last build's when it has the same pages.
        let linkTargets = (delta != nil ? memory?.linkTargets : nil) ?? Self.linkTargets(of: inputs, presenter: presenter)
        // A process that keeps its memory keeps the warnings post by post; with the same pages, only changed posts' change.
        let check = LinkCheck(presenter: presenter, targets: linkTargets)
        let linkWarnings = memory.map { memory in
            delta.flatMap { delta in memory.linkWarnings?.updated(check: check, changed: delta.indices, jobs: options.jobs) }
                ?? LinkWarnings(check: check, postCount: presenter.posts.count, jobs: options.jobs)
        }
        let warnings = try settledWarnings(inputs, linkWarnings: linkWarnings?.all ?? check.warnings(jobs: options.jobs))
        let renderer = SiteRenderer(templates: inputs.templates)
        let jobs = listing.result()
        let pageCount = delta == nil ? jobs.count(where: \.isHTMLPage) : memory?.pageCount ?? 0

        progress(.step(number: 3, of: 4, name: "render \(jobs.count) jobs on \(options.jobs) threads"))
        let store: OutputStore
        do {
            store = try opening.result().get().store
        } catch {
            throw BuildFailure(messages: [error.description], warnings: warnings)
        }
        // A post's job writes two files (page and API file), every other job one.
        let staticFiles = inputs.staticFiles.files
        store.expect(fileCount: jobs.count + presenter.posts.count + staticFiles.count)
        let fingerprint = RenderFingerprint(templates: inputs.templates, markdownIdentity: presenter.markdown.identity)
        let search = inputs.site.config.search && inputs.templates.hasSearchTemplate
            ? SearchIndexing(presenter: presenter, previous: previousTerms, memory: memory,
                             changedPosts: delta?.indices, loadedTerms: loadedTerms, jobs: options.jobs)
            : nil
        let context = RenderJob.Context(presenter: presenter, renderer: renderer, store: store, fingerprint: fingerprint,
                                        search: search, feedBodies: FeedBodies(for: jobs), loadedBodies: loadedBodies)
        let counter = ProgressCounter(total: jobs.count + staticFiles.count, report: progress)
        if delta != nil { store.keepLiveFiles() }
        // The search index is made once every post has given its terms (the
        // post jobs come first), while the lists, feeds and tag pages render.
        let postJobsEnd = (jobs.lastIndex(where: \.isPost) ?? -1) + 1
        let outputRefused = Flag()
        var failures = render(Array(jobs[..<postJobsEnd]), context: context, counter: counter, refused: outputRefused)
        // The next build's term cache is made ready right after the index, while
        // the pages still render: waited for at the end, it kept a core idle.
        let indexing = failures.isEmpty ? search.map { search in
            BackgroundWork { () -> (failures: [String], cache: SearchTermCache.Contents?) in
                do {
                    try search.write(presenter: presenter, to: store)
                    return ([], memory == nil ? search.nextCacheContents : nil)
                } catch let error as DiagnosticsError {
                    return (error.diagnostics.map(\.description), nil)
                } catch {
                    return (["\(error)"], nil)
                }
            }
        } : nil
        failures += render(Array(jobs[postJobsEnd...]), context: context, counter: counter, refused: outputRefused)
        let indexed = indexing?.result()
        failures += indexed?.failures ?? []
        // Static files go last, once every page is staged, so that one standing
        // where the build writes a page is found, whatever wrote that page.
        if failures.isEmpty, !store.keptLive {
            failures = store.withStagedEntries {
                inputs.staticFiles.collisions(with: $0, outputDirectory: options.outputDirectory)
            }
        }
        if failures.isEmpty, !store.keptLive {
            failures = render(staticFiles.map(RenderJob.staticFile), context: context, counter: counter)
        }
        guard failures.isEmpty else {
            store.discard()
            // The spare may hold some of this build's files now.
            memory?.output = memory?.output.map { $0.with(spare: nil) }
            throw BuildFailure(messages: failures, warnings: warnings)
        }

        progress(.step(number: 4, of: 4, name: "replace \(options.outputDirectory)"))
        let counts: OutputStore.Counts
        do {
            counts = try store.commit()
        } catch {
            memory?.output = nil
            throw BuildFailure(messages: [error.description], warnings: warnings)
        }
        if let bytes = cacheBytes.result() { cacheFile.write(bytes) }
        if let memory {
            // What this build replaces is freed by the caller, once it has told whom it concerns.
            memory.keep((memory.postCache, memory.presenter, memory.output, jobs, context))
            memory.postCache = inputs.postCache
            memory.templates = (inputs.templates, inputs.assets)
            memory.output = memory.ownsOutput ? store.knowledge : nil
            memory.presenter = presenter
            memory.pageCount = pageCount
            memory.linkTargets = linkTargets
            memory.linkWarnings = linkWarnings
            memory.options = options
            memory.search = search?.takeNextMemory()
        }
        if let contents = indexed?.cache { searchCacheFile.write(contents) }
        if exitsAfterward { Self.leaveToExit((inputs, presenter, jobs, context)) }
        let elapsed = ContinuousClock.now - start
        return BuildReport(pages: pageCount, files: counts,
                           seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
                           warnings: warnings, written: store.writtenPaths, removed: store.removedPaths)
    }

    /// Readies the output folder for the next build of a process that keeps
    /// `memory`, while nothing else is to be done: a copy of the live tree in
    /// the spare, so that build swaps as soon as its files are written.
    public func prepareNextBuild(keeping memory: BuildMemory) {
        guard memory.ownsOutput, let knowledge = memory.output, knowledge.spare == nil else { return }
        let protected = [options.contentDirectory, options.templatesDirectory]
        guard let store = try? OutputStore(outputDirectory: options.outputDirectory, protecting: protected, jobs: options.jobs,
                                           durable: options.durable,
                                           knowing: knowledge) else { return }
        // A failure leaves the spare marked half-done; the next build starts it afresh.
        let spare = try? store.prepareSpare()
        memory.output = knowledge.with(spare: spare ?? nil)
    }

    /// Takes the output folder: locked for this build alone, or, with a
    /// memory, once for the life of the process; then opened from the files,
    /// or from what the last commit knew when the process owns the folder.
    private func openOutput(memory: BuildMemory?) throws(OutputError) -> (store: OutputStore, lock: OutputLock?) {
        let protected = [options.contentDirectory, options.templatesDirectory]
        try OutputStore.checkPlace(of: options.outputDirectory, protecting: protected)
        if let memory {
            if memory.lock == nil { memory.lock = try OutputLock.acquire(outputDirectory: options.outputDirectory) }
            if memory.ownsOutput, let knowledge = memory.output {
                return (try OutputStore(outputDirectory: options.outputDirectory, protecting: protected, jobs: options.jobs,
                                        durable: options.durable, knowing: knowledge), nil)
            }
            return (try OutputStore(outputDirectory: options.outputDirectory, protecting: protected, jobs: options.jobs,
                                    durable: options.durable), nil)
        }
        let lock = try OutputLock.acquire(outputDirectory: options.outputDirectory)
        do throws(OutputError) {
            return (try OutputStore(outputDirectory: options.outputDirectory, protecting: protected, jobs: options.jobs,
                                    durable: options.durable), lock)
        } catch {
            lock?.release()
            throw error
        }
    }

    /// `sitegen check`: every validation of `run`, the link check too, nothing written.
    public func check() throws(BuildFailure) -> [String] {
        let inputs = try loadInputs(reusing: nil, changes: .unknown, templates: nil, patching: nil)
        let presenter = SitePresenter(site: inputs.site)
        let check = LinkCheck(presenter: presenter, targets: Self.linkTargets(of: inputs, presenter: presenter))
        return try settledWarnings(inputs, linkWarnings: check.warnings(jobs: options.jobs))
    }

    /// Every file the build writes, for the link check.
    private static func linkTargets(of inputs: Inputs, presenter: SitePresenter) -> LinkTargets {
        LinkTargets(presenter: presenter, otherFiles: inputs.assets.map { "assets/" + $0.path } + inputs.staticFiles.files.map(\.path),
                    searchPage: inputs.templates.hasSearchTemplate)
    }

    /// The warnings of the inputs and of the link check, sorted as the tree
    /// reads; with `--strict`, a failure that lists them as errors instead.
    private func settledWarnings(_ inputs: Inputs, linkWarnings: [Diagnostic]) throws(BuildFailure) -> [String] {
        let warnings = (inputs.warnings + linkWarnings).sorted()
        if options.strict, !warnings.isEmpty {
            throw BuildFailure(diagnostics: warnings.map { Diagnostic(path: $0.path, location: $0.location, message: $0.message) })
        }
        return warnings.map(\.description)
    }

    struct Inputs {
        let site: Site
        let templates: TemplateSet
        let assets: [(path: String, bytes: [UInt8])]
        let staticFiles: StaticFiles
        let warnings: [Diagnostic]
        /// What to remember of the post files for the next build.
        let postCache: PostCache
    }

    /// Reads and validates content and templates together, so one run lists
    /// every error of both, sorted by path, then position. Templates kept
    /// from the last build of the process are taken as they are.
    /// With `previous`, a site loaded before, and changes only to post files,
    /// those files alone are read again when that is enough (see `reload`).
    /// The post cache is `memory`'s, when it has one, else `fileCache`.
    func loadInputs(reusing fileCache: PostCache?, keeping memory: BuildMemory? = nil, changes: ContentChanges,
                    templates kept: (set: TemplateSet, assets: [(path: String, bytes: [UInt8])])?,
                    patching previous: Site?, bodies: (LoadedBodies, LoadedTerms?)? = nil) throws(BuildFailure) -> Inputs {
        // The memory's cache is taken out while it is changed, so that it is
        // changed in place rather than copied, and handed back whatever happens.
        let fromMemory = memory?.postCache != nil
        var cache = memory?.postCache.take() ?? fileCache
        defer { if fromMemory { memory?.postCache = cache } }
        let loader = ContentLoader(contentDirectory: options.contentDirectory,
                                   options: .init(includeDrafts: options.includeDrafts,
                                                  baseURLOverride: options.baseURL, jobs: options.jobs,
                                                  outline: bodies.map { Self.outlining(keepingIn: $0, terms: $1) } ?? Self.outline))
        var site: Site?
        var postCache = PostCache()
        var diagnostics: [Diagnostic] = []
        var reloaded: Site?
        if let previous, case .paths(let paths) = changes, var kept = cache.take() {
            reloaded = loader.reload(Set(paths.map { String($0.dropFirst("posts/".count)) }), in: previous, cache: &kept)
            cache = kept
        }
        if let reloaded {
            site = reloaded
            postCache = cache ?? PostCache()
            diagnostics = reloaded.warnings
        } else {
            do {
                let loaded = try loader.load(reusing: cache, changes: changes)
                site = loaded.site
                postCache = loaded.cache
                diagnostics = loaded.site.warnings
            } catch {
                diagnostics = error.diagnostics
            }
        }
        var templates = kept?.set
        if kept == nil {
            do {
                templates = try TemplateSet(builtIn: DefaultTheme.files, overrides: options.templateOverrides)
            } catch {
                diagnostics += error.problems.map(Self.diagnostic)
            }
        }
        let staticFiles = StaticFiles(contentDirectory: options.contentDirectory)
        diagnostics += staticFiles.diagnostics
        guard let site, let templates, !diagnostics.contains(where: { $0.severity == .error }) else {
            throw BuildFailure(diagnostics: diagnostics)
        }
        let warnings = diagnostics.sorted()
        return Inputs(site: site, templates: templates, assets: kept?.assets ?? templates.assets, staticFiles: staticFiles,
                      warnings: warnings, postCache: postCache)
    }

    /// A body's outline as cmark reads it with the site's options: reading
    /// length (code blocks left out), heading ids, the links to the site.
    private static let outline: ContentLoader.Options.Outliner = { _, body, config in
        MarkdownRenderer(options: config?.markdown ?? SiteConfig.MarkdownOptions(), codeBlocks: { _, _ in nil })
            .outline(of: body, base: config?.baseURL)
    }

    /// The outline, with the body rendered on the same walk and kept in
    /// `bodies` for the post's job, while `bodies` has room. For a site
    /// with search, the post's terms are taken from the text of that walk
    /// into `terms`, unless the last build knew them; past the room, from a
    /// walk that outlines and keeps the text, rendering nothing. A kept body
    /// keeps its text only when its terms were not taken.
    private static func outlining(keepingIn bodies: LoadedBodies, terms: LoadedTerms?) -> ContentLoader.Options.Outliner {
        { post, body, config in
            guard let config else { return outline(post, body, config) }
            let takesTerms = config.search && terms?.wants(post, markdown: config.markdown) == true
            guard bodies.hasRoom else {
                guard takesTerms else { return outline(post, body, config) }
                let walked = MarkdownRenderer(options: config.markdown, codeBlocks: { _, _ in nil })
                    .outlineWithText(of: body, base: config.baseURL)
                terms?.take(ofPostAt: post.sourcePath, strongTexts: post.searchStrongTexts, headingText: walked.headingText,
                           text: walked.text)
                return walked.outline
            }
            var (rendered, outline) = MarkdownRenderer(options: config.markdown)
                .renderOutlining(body, base: config.baseURL, collectingText: config.search)
            if takesTerms {
                terms?.take(ofPostAt: post.sourcePath, strongTexts: post.searchStrongTexts, headingText: rendered.headingText,
                           text: rendered.text)
            }
            // The text stays for a post whose terms the index may take from its job.
            if takesTerms || !config.search { (rendered.text, rendered.headingText) = ([], []) }
            bodies.keep(rendered, ofPostAt: post.sourcePath)
            return outline
        }
    }

    /// Keeps `values` alive for the rest of the process: nothing they hold is freed.
    private static func leaveToExit(_ values: Any) {
        _ = Unmanaged.passRetained(Leftovers(values))
    }

    private final class Leftovers {
        let values: Any

        init(_ values: Any) {
            self.values = values
        }
    }

    private static func diagnostic(_ problem: TemplateProblem) -> Diagnostic {
        let location = problem.line.flatMap { line in problem.column.map { SourceLocation(line: line, column: $0) } }
        return .error(problem.message, in: problem.path, at: location)
    }

    /// Renders every job on `options.jobs` threads and stages its files;
    /// returns the error messages, in job order, of the jobs that failed.
    /// Once the output folder refuses a file (a full disk, a quota), the jobs
    /// not yet started are skipped: each would fail the same way.
    /// Runs `jobs` on `--jobs` threads. Once the output folder has refused a
    /// file (`refused`, shared by the calls of one build), no job runs.
    private func render(_ jobs: [RenderJob], context: RenderJob.Context, counter: ProgressCounter,
                        refused outputRefused: Flag = Flag()) -> [String] {
        let outcomes = jobs.parallelMap(jobs: options.jobs) { job -> String? in
            defer { counter.advance() }
            if outputRefused.isSet { return nil }
            do throws(RenderJob.Failure) {
                try job.run(context)
                return nil
            } catch {
                if case .output = error { outputRefused.set() }
                return error.description
            }
        }
        return outcomes.compactMap { $0 }
    }

    /// A switch any thread may turn on, once.
    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false

        var isSet: Bool { lock.withLock { value } }

        func set() {
            lock.withLock { value = true }
        }
    }
}
