import SitePresentation
import SiteViews

/// One unit of rendering work: a page, a feed, an API file or an asset.
/// Jobs are independent, so any number of them run at once.
enum RenderJob: Sendable {
    case home
    case notFound
    case list(ListPageViewModel)
    case post(index: Int)
    case feed(FeedViewModel)
    case sitemap
    case apiIndex
    case apiList(APIListViewModel)
    case asset(path: String, bytes: [UInt8])

    /// What every job needs: the view models, the renderer, where to write.
    struct Context: Sendable {
        let presenter: SitePresenter
        let renderer: SiteRenderer
        let store: OutputStore
        let fingerprint: PostFingerprint
    }

    /// Every job of the site, in one fixed order.
    static func all(presenter: SitePresenter, assets: [(path: String, bytes: [UInt8])]) -> [RenderJob] {
        var jobs: [RenderJob] = [.home, .notFound, .sitemap, .apiIndex]
        jobs += presenter.posts.indices.map { RenderJob.post(index: $0) }
        jobs += presenter.listPages.map(RenderJob.list)
        jobs += presenter.feeds.map(RenderJob.feed)
        jobs += presenter.apiLists.map(RenderJob.apiList)
        jobs += assets.map { RenderJob.asset(path: "assets/" + $0.path, bytes: $0.bytes) }
        return jobs
    }

    var isHTMLPage: Bool {
        switch self {
        case .home, .notFound, .list, .post: true
        default: false
        }
    }

    func run(_ context: Context) throws(OutputError) {
        let renderer = context.renderer
        let presenter = context.presenter
        let files: [RenderedFile]
        switch self {
        case .home: files = [renderer.render(presenter.home)]
        case .notFound: files = [renderer.render(presenter.notFound)]
        case .list(let page): files = [renderer.render(page)]
        case .post(let index): return try runPost(index, context)
        case .feed(let feed): files = [renderer.render(feed)]
        case .sitemap: files = renderer.render(presenter.sitemap)
        case .apiIndex: files = [renderer.render(presenter.apiIndex)]
        case .apiList(let list): files = [renderer.render(list)]
        case .asset(let path, let bytes): files = [RenderedFile(path: path, bytes: bytes)]
        }
        for file in files { try context.store.write(file) }
    }

    /// A post's page and API file share one Markdown rendering, and none at
    /// all when their fingerprint says the last build made the same bytes.
    private func runPost(_ index: Int, _ context: Context) throws(OutputError) {
        let presenter = context.presenter
        let source = presenter.posts[index].post.body
        let outline = presenter.postPageOutline(at: index)
        let apiOutline = context.renderer.render(presenter.apiPost(for: outline, at: index))
        let fingerprint = context.fingerprint.of(outline: outline, apiOutline: apiOutline, markdown: source)
        if context.store.reuse([outline.route.outputPath, apiOutline.path], fingerprint: fingerprint) { return }
        let page = outline.withBody(presenter.markdown.html(from: source))
        try context.store.write(context.renderer.render(page), fingerprint: fingerprint)
        try context.store.write(context.renderer.render(presenter.apiPost(for: page, at: index)), fingerprint: fingerprint)
    }
}
