import SiteModel
import SitePresentation
import SiteViews

/// One unit of rendering work: a page, a feed, an API file, an asset or a static file.
/// Jobs are independent, so any number of them run at once.
enum RenderJob: Sendable {
    case home
    case notFound
    case list(SitePresenter.ListPlace)
    case post(index: Int)
    case feed(SitePresenter.FeedOutline)
    case sitemap
    case searchPage
    case apiIndex
    case apiList(SitePresenter.ListPlace)
    case tagIndex
    case apiTagIndex
    case tagList(SitePresenter.TagPlace)
    case apiTagList(SitePresenter.TagPlace)
    case asset(path: String, bytes: [UInt8])
    /// A file of a post folder, read only when its job runs.
    case postFile(BundleFile)
    /// Read when it runs, so the bytes of a thousand files are never all held at once.
    case staticFile(StaticFiles.File)

    /// What every job needs: the view models, the renderer, where to write.
    struct Context: Sendable {
        let presenter: SitePresenter
        let renderer: SiteRenderer
        let store: OutputStore
        let fingerprint: RenderFingerprint
        /// Nil when the site has no search page.
        let search: SearchIndexing?
        let feedBodies: FeedBodies
        /// Bodies rendered when their files were read.
        var loadedBodies: LoadedBodies?
    }

    /// Every job of the site, in one fixed order.
    static func all(presenter: SitePresenter, assets: [(path: String, bytes: [UInt8])]) -> [RenderJob] {
        var jobs: [RenderJob] = [.home, .notFound, .sitemap, .searchPage, .apiIndex]
        jobs += presenter.posts.indices.map { RenderJob.post(index: $0) }
        let listPlaces = presenter.listPlaces
        jobs += listPlaces.map(RenderJob.list)
        jobs += presenter.feedOutlines.map(RenderJob.feed)
        jobs += listPlaces.map(RenderJob.apiList)
        if !presenter.site.tags.isEmpty { jobs += [.tagIndex, .apiTagIndex] }
        let tagPlaces = presenter.tagPlaces
        jobs += tagPlaces.map(RenderJob.tagList)
        jobs += tagPlaces.map(RenderJob.apiTagList)
        jobs += assets.map { RenderJob.asset(path: "assets/" + $0.path, bytes: $0.bytes) }
        jobs += presenter.site.bundleFiles.map(RenderJob.postFile)
        return jobs
    }

    /// Whether the job's bytes depend on the posts of `delta` beyond what
    /// the site's outline shows of them (their bodies, their details, the
    /// reading length on list pages): a build that knows only those posts'
    /// files changed runs just the jobs reading them (and it knows that only
    /// when no other file changed, such as a post folder's image or a static
    /// file). Every new kind of job says here what it reads.
    func readsChangedPost(of delta: SiteDelta, presenter: SitePresenter) -> Bool {
        switch self {
        case .post(let index): delta.indices.contains(index)
        case .feed(let outline): outline.posts.contains { delta.posts.contains($0.id) }
        case .home:
            !delta.listed.isEmpty
                && presenter.site.newestPosts(SitePresenter.latestPostCount).contains { delta.listed.contains($0.id) }
        case .list(let place): !delta.listed.isEmpty && presenter.posts(at: place).contains { delta.listed.contains($0.id) }
        case .tagList(let place): !delta.listed.isEmpty && presenter.posts(at: place).contains { delta.listed.contains($0.id) }
        case .notFound, .sitemap, .searchPage, .apiIndex, .apiList, .asset, .postFile, .staticFile,
             .tagIndex, .apiTagIndex, .apiTagList: false
        }
    }

    /// The jobs of `all` that read a post of `delta`, made without the
    /// others: those `readsChangedPost` may say yes to.
    static func reading(_ delta: SiteDelta, presenter: SitePresenter) -> [RenderJob] {
        var jobs: [RenderJob] = delta.indices.sorted().map { RenderJob.post(index: $0) }
        if !delta.listed.isEmpty {
            let places = presenter.places(showingPostsAt: delta.indices)
            jobs += [.home] + places.lists.map(RenderJob.list) + places.tags.map(RenderJob.tagList)
        }
        jobs += presenter.feedOutlines(mayShowPostsAt: delta.indices).map(RenderJob.feed)
        return jobs.filter { $0.readsChangedPost(of: delta, presenter: presenter) }
    }

    var isPost: Bool {
        if case .post = self { true } else { false }
    }

    var isHTMLPage: Bool {
        switch self {
        case .home, .notFound, .list, .post, .searchPage, .tagIndex, .tagList: true
        default: false
        }
    }

    /// Why a job failed: the output folder refused a file, or a post file
    /// changed or vanished after it was loaded.
    enum Failure: Error, CustomStringConvertible {
        case output(OutputError)
        case content(DiagnosticsError)

        var description: String {
            switch self {
            case .output(let error): error.description
            case .content(let error): error.diagnostics.map(\.description).joined(separator: "\n")
            }
        }
    }

    func run(_ context: Context) throws(Failure) {
        do {
            try runThrowingEither(context)
        } catch let error as OutputError {
            throw .output(error)
        } catch let error as DiagnosticsError {
            throw .content(error)
        } catch {
            throw .output(OutputError("\(error)"))
        }
    }

    private func runThrowingEither(_ context: Context) throws {
        let renderer = context.renderer
        let presenter = context.presenter
        let files: [RenderedFile]
        switch self {
        case .home: files = [renderer.render(presenter.home)]
        case .notFound: files = [renderer.render(presenter.notFound)]
        case .post(let index): return try runPost(index, context)
        case .list(let place):
            let page = presenter.listPage(at: place)
            return try reuseOrRender(page.route.outputPath, context.fingerprint.of(model: page, kind: "list"), context) {
                renderer.render(page)
            }
        case .apiList(let place):
            let list = presenter.apiList(at: place)
            return try reuseOrRender(list.route.outputPath, context.fingerprint.of(model: list, kind: "api list"), context) {
                renderer.render(list)
            }
        case .tagList(let place):
            let page = presenter.tagPage(at: place)
            return try reuseOrRender(page.route.outputPath, context.fingerprint.of(model: page, kind: "list"), context) {
                renderer.render(page)
            }
        case .apiTagList(let place):
            let list = presenter.apiTagList(at: place)
            return try reuseOrRender(list.route.outputPath, context.fingerprint.of(model: list, kind: "api list"), context) {
                renderer.render(list)
            }
        case .tagIndex: files = [renderer.render(presenter.tagIndex)]
        case .apiTagIndex: files = [renderer.renderAPI(presenter.tagIndex)]
        case .feed(let outline):
            // A feed renders the bodies of its entries only when they, or the feed around them, changed.
            return try reuseOrRender(outline.feed.route.outputPath, context.fingerprint.of(feed: outline), context) {
                renderer.render(try presenter.feed(outline) { post throws(DiagnosticsError) in
                    try context.feedBodies.body(of: post, render: presenter.body(of:))
                })
            }
        case .sitemap: files = renderer.render(presenter.sitemap)
        case .searchPage: files = presenter.searchPage.flatMap(renderer.render).map { [$0] } ?? []
        case .apiIndex: files = [renderer.render(presenter.apiIndex)]
        case .asset(let path, let bytes): files = [RenderedFile(path: path, bytes: bytes)]
        case .postFile(let file):
            // Never through a link: the loader refused links, and one made since is refused here.
            guard let bytes = try? FileReading.bytes(atPath: file.sourcePath, followLinks: false) else {
                throw DiagnosticsError([.error("cannot read the file", in: file.sourcePath)])
            }
            files = [RenderedFile(path: presenter.permalinks.postFile(file.postID, file.relativePath), bytes: bytes)]
        case .staticFile(let file):
            let bytes: [UInt8]
            do {
                bytes = try FileReading.bytes(atPath: file.source, followLinks: false)
            } catch {
                throw DiagnosticsError([.error("cannot read the file (it is not a file any more)", in: file.source)])
            }
            return try context.store.write(RenderedFile(path: file.path, bytes: bytes), allowingHidden: true)
        }
        for file in files { try write(file, context) }
    }

    /// Writes a rendered file, unless a render limit cut it short: that is an
    /// error naming the template and the page, never a shortened page.
    private func write(_ file: RenderedFile, _ context: Context, fingerprint: UInt64 = 0) throws {
        if let cutShort = file.cutShort {
            throw DiagnosticsError([.error("rendering \(file.path) reached the template engine's limit of \(cutShort.limit); "
                                           + "the page would be cut short, so it is not written", in: cutShort.template)])
        }
        try context.store.write(file, fingerprint: fingerprint)
    }

    /// A post's page, API file and search terms share one Markdown rendering,
    /// and none at all when their fingerprint says the last build made the
    /// same bytes and the search cache holds the post's terms.
    private func runPost(_ index: Int, _ context: Context) throws {
        let presenter = context.presenter
        let post = presenter.posts[index].post
        let outline = presenter.postPageOutline(at: index)
        let apiOutline = presenter.apiPost(for: outline, at: index)
        let fingerprint = context.fingerprint.of(outline: outline, apiOutline: apiOutline, source: post)
        let needsTerms = context.search?.needsBody(ofPost: index, post) ?? false
        let loaded = context.loadedBodies?.take(ofPostAt: post.sourcePath)
        if context.store.reuse([outline.route.outputPath, apiOutline.route.outputPath], fingerprint: fingerprint) {
            if needsTerms { context.search?.record(try loaded ?? presenter.markdown.render(post.markdown()), ofPost: index) }
            return
        }
        let body = try loaded ?? presenter.markdown.render(post.markdown())
        let page = outline.withBody(body, imageURL: presenter.firstImageURL(of: body, postAt: index))
        if needsTerms { context.search?.record(body, ofPost: index) }
        context.feedBodies.offer(page.bodyHTML, ofPost: post.id)
        try write(context.renderer.render(page), context, fingerprint: fingerprint)
        try write(context.renderer.render(apiOutline.withBody(page.bodyHTML)), context, fingerprint: fingerprint)
    }

    /// One file, rendered only when the last build did not make it from inputs of this fingerprint.
    private func reuseOrRender(_ path: String, _ fingerprint: UInt64, _ context: Context,
                               render: () throws -> RenderedFile) throws {
        if context.store.reuse([path], fingerprint: fingerprint) { return }
        try write(try render(), context, fingerprint: fingerprint)
    }
}
