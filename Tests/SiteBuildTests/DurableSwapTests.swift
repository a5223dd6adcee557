import Foundation
import SiteBuild
import TestSupport
import Testing

/// What a power cut could leave behind is handled by the next build. (The
/// order of the calls that make a swap durable is checked under strace by
/// `make acceptance`: a test cannot cut the power.)
@Suite("Durable swap")
struct DurableSwapTests {
    @Test func aSpareListCutShortIsNotTrusted() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (content, output) = try Builder.buildSeedCopy(in: folder)
        try Builder.editBody(of: content + "/posts/ui/ui_50.json", to: "Edit 1")
        try Builder.build(content: content, output: output)
        // Written after the swap, the list of files the spare is behind on
        // may be empty after a power cut: the spare is then checked in full.
        let list = folder.path + "/.sitegen/public/spare/.sitegen-behind"
        #expect(FileManager.default.fileExists(atPath: list))
        try Data().write(to: URL(fileURLWithPath: list))
        try Builder.editBody(of: content + "/posts/network/network_50.json", to: "Edit 2")
        try Builder.build(content: content, output: output)
        #expect(folder.read("public/posts/ui_50/index.html")?.contains("Edit 1") == true)
        #expect(folder.read("public/posts/network_50/index.html")?.contains("Edit 2") == true)
    }

    @Test func buildsAreDurableUnlessToldOtherwise() throws {
        #expect(BuildOptions().durable)
        guard case .build(let options, _) = try Command.parse(["build", "--no-sync"]) else {
            Issue.record("--no-sync is an option of build")
            return
        }
        #expect(!options.durable)
        #expect(throws: Command.UsageError.self) { try Command.parse(["check", "--no-sync"]) }
    }
}
