import Foundation
import TestSupport
import Testing

/// A build killed with SIGKILL at any instant leaves the whole old site or
/// the whole new one, and the next build recovers from whatever it left.
@Suite("Crash safety")
struct CrashSafetyTests {
    private struct Sites {
        let folder: TemporaryFolder
        let contentA: String
        let contentB: String
        let output: String
        let siteA: [String: [UInt8]]
        let siteB: [String: [UInt8]]
    }

    /// Site B differs from A on every page (a new title) and in its file list.
    private func makeSites() throws -> Sites {
        let folder = try TemporaryFolder("sitegen-kill")
        let contentA = folder.path + "/content-a"
        let contentB = folder.path + "/content-b"
        try FileManager.default.copyItem(atPath: Repository.content, toPath: contentA)
        try FileManager.default.copyItem(atPath: Repository.content, toPath: contentB)
        let siteFile = contentB + "/site.json"
        let settings = try String(contentsOfFile: siteFile, encoding: .utf8)
        try settings.replacingOccurrences(of: "\"iOS122\"", with: "\"iOS122, rebuilt\"").write(toFile: siteFile, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: contentB + "/posts/ui/ui_7.json")
        try ContentFixture.postJSON(title: "Only in B", date: "2015-10-15").write(toFile: contentB + "/posts/ui/ui_new.json", atomically: true, encoding: .utf8)
        try run(content: contentA, output: folder.path + "/a")
        try run(content: contentB, output: folder.path + "/b")
        return Sites(folder: folder, contentA: contentA, contentB: contentB, output: folder.path + "/public",
                     siteA: TreeSnapshot(folder.path + "/a").contents, siteB: TreeSnapshot(folder.path + "/b").contents)
    }

    private func process(content: String, output: String) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Repository.sitegenBinary)
        process.arguments = ["build", "--quiet", "--content", content, "--templates", Repository.templates, "--output", output]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return process
    }

    @discardableResult
    private func run(content: String, output: String) throws -> Double {
        let started = Date()
        let build = process(content: content, output: output)
        try build.run()
        build.waitUntilExit()
        #expect(build.terminationStatus == 0)
        return Date().timeIntervalSince(started)
    }

    @Test func aKilledBuildLeavesTheOldSiteOrTheNewOneNeverAMix() throws {
        let sites = try makeSites()
        defer { sites.folder.remove() }
        #expect(sites.siteA != sites.siteB)
        var duration = 0.0
        for _ in 0..<2 {
            try run(content: sites.contentA, output: sites.output)
            duration = max(duration, try run(content: sites.contentB, output: sites.output))
        }
        // The delay walks up while kills land before the swap and back down
        // after it, so most of the 30 kills fall around the moment that matters.
        var seen = (old: 0, new: 0)
        var delay = 0.0
        let step = duration / 8
        for attempt in 0..<30 {
            if TreeSnapshot(sites.output).contents != sites.siteA { try run(content: sites.contentA, output: sites.output) }
            let build = process(content: sites.contentB, output: sites.output)
            try build.run()
            usleep(useconds_t(delay * 1_000_000))
            kill(build.processIdentifier, SIGKILL)
            build.waitUntilExit()
            let after = TreeSnapshot(sites.output).contents
            #expect(after == sites.siteA || after == sites.siteB, "attempt \(attempt): a mix of the two sites")
            if after == sites.siteA {
                seen.old += 1
                delay += step
            } else if after == sites.siteB {
                seen.new += 1
                delay = max(0, delay - step / 2)
            }
        }
        print("crash safety: 30 builds killed, the last after \(Int(delay * 1000)) ms: \(seen.old) left the old site, \(seen.new) the new one")
        try run(content: sites.contentB, output: sites.output)
        #expect(TreeSnapshot(sites.output).contents == sites.siteB)
    }
}
