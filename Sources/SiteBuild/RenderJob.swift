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

    func files(presenter: SitePresenter, renderer: SiteRenderer) -> [RenderedFile] {
        switch self {
        case .home: [renderer.render(presenter.home)]
        case .notFound: [renderer.render(presenter.notFound)]
        case .list(let page): [renderer.render(page)]
        case .post(let index):
            postFiles(presenter.postPage(at: index), index: index, presenter: presenter, renderer: renderer)
        case .feed(let feed): [renderer.render(feed)]
        case .sitemap: renderer.render(presenter.sitemap)
        case .apiIndex: [renderer.render(presenter.apiIndex)]
        case .apiList(let list): [renderer.render(list)]
        case .asset(let path, let bytes): [RenderedFile(path: path, bytes: bytes)]
        }
    }

    /// The post's page and its API file share one Markdown rendering.
    private func postFiles(_ page: PostPageViewModel, index: Int, presenter: SitePresenter,
                           renderer: SiteRenderer) -> [RenderedFile] {
        [renderer.render(page), renderer.render(presenter.apiPost(for: page, at: index))]
    }
}
