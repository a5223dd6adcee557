import SiteModel
import Testing

@Suite("Ordering and dates")
struct OrderingTests {
    @Test func naturalOrderCountsDigitRunsAsNumbers() {
        let ids = ["ui_10", "ui_2", "ui_1", "ui_02", "ui_100", "ui_b", "ui_a"]
        #expect(ids.sorted(by: NaturalOrder.precedes) == ["ui_1", "ui_02", "ui_2", "ui_10", "ui_100", "ui_a", "ui_b"])
    }

    @Test func readingOrderIsNewestFirstThenUndatedByNaturalId() {
        func post(_ id: String, _ date: String?) -> Post {
            Post(id: id, category: "c", title: id, summary: "", body: "", date: date.flatMap(PostDate.init(iso8601:)),
                 sourcePath: id)
        }
        let posts = [post("b_10", nil), post("old", "2014-01-01"), post("b_2", nil),
                     post("new", "2015-10-14T08:30:00Z"), post("same_2", "2015-01-01"), post("same_10", "2015-01-01")]
        #expect(posts.sorted(by: Post.readingOrder).map(\.id) == ["new", "same_2", "same_10", "old", "b_2", "b_10"])
    }

    @Test(arguments: [
        ("2015-10-14", Int64(1_444_780_800)),
        ("2015-10-14T08:30:00Z", Int64(1_444_811_400)),
        ("2015-10-14T10:30:00+02:00", Int64(1_444_811_400)),
        ("2015-10-14T08:30Z", Int64(1_444_811_400)),
        ("2015-10-14T08:30:00.250Z", Int64(1_444_811_400)),
        ("2000-02-29", Int64(951_782_400)),
    ])
    func parsesISO8601(text: String, instant: Int64) {
        #expect(PostDate(iso8601: text)?.instant == instant)
    }

    @Test(arguments: ["2015-13-01", "2015-02-30", "2015-10-14T25:00:00Z", "14/10/2015", "2015-10-14Tnoon", "", "2015-10-14 "])
    func refusesWhatIsNotADate(text: String) {
        #expect(PostDate(iso8601: text) == nil)
    }

    @Test func slugsCannotLeaveTheOutputFolder() {
        for bad in ["", "..", "a/b", ".hidden", "a..b", "a\\b", String(repeating: "x", count: 101), "é", "-lead"] {
            #expect(!Slug.isValid(bad), "\(bad) should be refused")
        }
        for good in ["ui", "ui_10", "A.b-c_d", "9lives", String(repeating: "x", count: 100)] {
            #expect(Slug.isValid(good), "\(good) should be accepted")
        }
    }

    @Test func baseURLKeepsItsPathBetweenSlashes() {
        #expect(BaseURL("https://example.org")?.path == "/")
        #expect(BaseURL("https://Example.org/blog")?.absolute == "https://example.org/blog/")
        #expect(BaseURL("http://127.0.0.1:8080/a/b/")?.path == "/a/b/")
        #expect(BaseURL("http://[::1]:8080/")?.origin == "http://[::1]:8080")
        for bad in ["example.org", "ftp://example.org/", "https:///x", "https://e.org/?q=1", "https://e.org/../x",
                    "https://e.org:/", "https://e.org:80a/", "https://me@e.org/", "https://e.org/\"><b>/",
                    "https://e.org/{x}/", "https://[]/"] {
            #expect(BaseURL(bad) == nil, "\(bad) should be refused")
        }
    }
}
