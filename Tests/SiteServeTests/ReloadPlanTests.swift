@testable import SiteServe
import Testing

/// Which open tabs a build concerns, from the files it wrote and removed.
@Suite("Reload plan")
struct ReloadPlanTests {
    @Test func aPostEditReloadsThatPostsTabAlone() {
        let plan = ReloadPlan(written: ["posts/first/index.html", "api/posts/first.json", "feed.xml", "notes/feed.xml"],
                              removed: [], basePath: "/")
        #expect(plan == ReloadPlan(pages: ["/posts/first/"]))
    }

    @Test func pagesCarryTheBasePath() {
        let plan = ReloadPlan(written: ["index.html", "notes/page/2/index.html"], removed: [], basePath: "/blog/")
        #expect(plan.pages == ["/blog/", "/blog/notes/page/2/"])
    }

    @Test func aStylesheetAloneIsSwappedWithoutReloadingAnyPage() {
        let plan = ReloadPlan(written: ["assets/style.css"], removed: [], basePath: "/blog/")
        #expect(plan == ReloadPlan(stylesheets: ["/blog/assets/style.css"]))
    }

    @Test func aRemovedPageReloadsItsTab() {
        let plan = ReloadPlan(written: ["notes/index.html"], removed: ["posts/gone/index.html", "api/posts/gone.json"], basePath: "/")
        #expect(plan.pages == ["/notes/", "/posts/gone/"])
    }

    @Test func theNotFoundPageIsMarkedNotListed() {
        let plan = ReloadPlan(written: ["404.html"], removed: [], basePath: "/")
        #expect(plan == ReloadPlan(notFoundPage: true))
    }

    @Test func aScriptOrImageReloadsEveryTab() {
        let plan = ReloadPlan(written: ["posts/first/index.html", "assets/app.js"], removed: [], basePath: "/")
        #expect(plan.everyPage)
        #expect(plan.pages.isEmpty)
        #expect(ReloadPlan(written: ["posts/first/shot.png"], removed: [], basePath: "/").everyPage)
    }

    @Test func nothingAPageShowsMeansNoEvent() {
        #expect(ReloadPlan(written: [String](), removed: [], basePath: "/").isEmpty)
        #expect(ReloadPlan(written: ["feed.xml", "sitemap.xml", "api/index.json", "robots.txt", ".nojekyll"],
                           removed: [], basePath: "/").isEmpty)
    }

    @Test func theEventIsOneLineOfEscapedJSON() {
        let plan = ReloadPlan(pages: ["/a\"b/</script>/"], stylesheets: ["/x\ny.css"], notFoundPage: true)
        #expect(plan.json == #"{"pages":["/a\"b/\u003c/script\u003e/"],"stylesheets":["/x\ny.css"],"notFound":true,"all":false}"#)
        #expect(!plan.json.contains("\n"))
    }
}
