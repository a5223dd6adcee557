import Foundation
import SiteBuild
import TestSupport
import Testing

/// The static API must serve what the original blog API served.
@Suite("Seed API compatibility")
struct SeedAPITests {
    static var seedFolder: String {
        ProcessInfo.processInfo.environment["SEED_API_DIR"] ?? Repository.sharedFolder + "/seed-api"
    }

    private func items(_ path: String) throws -> [[String: String]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let array = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return array.map { item in
            ["id": item["id"] as? String ?? "", "title": item["title"] as? String ?? "", "desc": item["desc"] as? String ?? ""]
        }
    }

    @Test func everyListPageMatchesTheSeedAPI() throws {
        let seed = Self.seedFolder + "/list"
        guard FileManager.default.fileExists(atPath: seed) else {
            #expect(ProcessInfo.processInfo.environment["SEED_API_REQUIRED"] != "1", "seed API missing at \(seed)")
            print("seed API not found at \(seed); skipped")
            return
        }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.path + "/public"
        try Builder.build(output: output)
        var compared = 0
        for category in try FileManager.default.contentsOfDirectory(atPath: seed).sorted() {
            for page in try FileManager.default.contentsOfDirectory(atPath: seed + "/" + category).sorted() {
                let expected = try items("\(seed)/\(category)/\(page)")
                let built = try items("\(output)/api/lists/\(category)/\(page)")
                #expect(built == expected, "api/lists/\(category)/\(page)")
                compared += 1
            }
        }
        #expect(compared == 20)
        print("seed API: \(compared) list pages identical in ids, titles and descs")
    }
}
