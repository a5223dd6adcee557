@testable import SiteBuild
import SiteModel
import SitePresentation
import Synchronization
import TestSupport
import Testing

/// A body several feeds show is rendered once per build: by its post's job,
/// or, when that job kept its page from the last build, by the first feed.
@Suite("Feed bodies")
struct FeedBodiesTests {
    /// Three posts in one category, all tagged `swift`: the site's feed, the
    /// category's and the tag's each show all three.
    private func presenter() throws -> SitePresenter {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site.json", ContentFixture.siteJSON())
        for number in 1...3 {
            try folder.write("posts/a/a_\(number).json", #"{"title": "P\#(number)", "desc": "d", "body": "Body \#(number).", "tags": ["swift"]}"#)
        }
        return SitePresenter(site: try ContentLoader(contentDirectory: folder.path).load())
    }

    @Test func eachBodyIsRenderedOnceWhateverNumberOfFeedsShowIt() throws {
        let presenter = try presenter()
        let jobs = presenter.feedOutlines.map(RenderJob.feed)
        #expect(jobs.count == 3)
        let bodies = FeedBodies(for: jobs)
        let offered = presenter.posts[0].post
        bodies.offer(HTML("<p>offered</p>"), ofPost: offered.id)
        let renders = Mutex<[String]>([])
        for case .feed(let outline) in jobs {
            for post in outline.posts {
                let body = try bodies.body(of: post) { post in
                    renders.withLock { $0.append(post.id) }
                    return HTML("<p>\(post.id)</p>")
                }
                #expect(body == HTML(post.id == offered.id ? "<p>offered</p>" : "<p>\(post.id)</p>"))
            }
        }
        // The two posts whose jobs offered nothing, once each.
        #expect(renders.withLock { $0.sorted() } == presenter.posts.map(\.post.id).filter { $0 != offered.id }.sorted())
    }
}
