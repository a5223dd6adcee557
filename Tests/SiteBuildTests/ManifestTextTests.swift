@testable import SiteBuild
import Testing

/// A manifest whose changed lines are replaced in the text of the last one
/// must be the very bytes the whole manifest formats to, also when a size
/// gains or loses digits, so that any later build reads what it would have.
@Suite("Manifest text")
struct ManifestTextTests {
    private func manifest(count: Int) -> Manifest {
        var entries: [String: Manifest.Entry] = [:]
        for index in 0..<count {
            entries["posts/post-\(index)/index.html"] = .init(contentHash: UInt64(index) &* 0x9E37_79B9_7F4A_7C15,
                                                             fingerprint: UInt64(index), size: 100 + index)
        }
        return Manifest(entries: entries, foreign: ["CNAME", "keep/me.txt"])
    }

    @Test func replacedLinesGiveTheWholeManifestsBytes() throws {
        var current = manifest(count: 500)
        var text = ManifestText(current, sortedPaths: current.sortedPaths(jobs: 1))
        #expect(text.bytes == current.bytes)
        // Sizes that grow and shrink by digits, the first and the last line, neighbours, one line alone.
        let rounds: [[(Int, Int)]] = [[(0, 5), (499, 123_456)], [(10, 7), (11, 99_999_999), (12, 3)], [(250, 1)], [(0, 77_777), (499, 2)]]
        for round in rounds {
            var changed: Set<String> = []
            for (index, size) in round {
                let path = "posts/post-\(index)/index.html"
                current.entries[path] = .init(contentHash: UInt64(size), fingerprint: 42, size: size)
                changed.insert(path)
            }
            text = try #require(text.replacing(changed, from: current))
            #expect(text.bytes == current.bytes)
            #expect(Manifest(bytes: text.bytes) == current)
        }
    }

    @Test func aPathItDoesNotHoldIsNotReplaced() {
        var current = manifest(count: 20)
        let text = ManifestText(current, sortedPaths: current.sortedPaths(jobs: 1))
        current.entries["posts/new/index.html"] = .init(contentHash: 1, fingerprint: 1, size: 1)
        #expect(text.replacing(["posts/new/index.html"], from: current) == nil)
    }

    /// A large manifest is formatted in chunks, one per thread: the same
    /// bytes and line starts as formatted on one, so lines replace alike.
    @Test func formattedOnSeveralThreadsItIsTheSame() throws {
        var current = manifest(count: 9_001)
        let paths = current.sortedPaths(jobs: 2)
        let alone = ManifestText(current, sortedPaths: paths, jobs: 1)
        let shared = ManifestText(current, sortedPaths: paths, jobs: 3)
        #expect(shared.bytes == alone.bytes)
        #expect(shared.lineStarts == alone.lineStarts)
        #expect(shared.bytes == current.bytes)
        let path = "posts/post-4500/index.html"
        current.entries[path] = .init(contentHash: 7, fingerprint: 7, size: 1_234_567)
        #expect(try #require(shared.replacing([path], from: current)).bytes == current.bytes)
    }

    /// Lines are in the order of the paths' bytes, sorted on one thread or
    /// several, and a changed line is found in that order: also for paths
    /// of Chinese tags, and for an accent written as a combining mark, which
    /// Swift's own string order would put elsewhere.
    @Test func linesAreInTheOrderOfThePathsBytesAndFoundInIt() throws {
        var entries: [String: Manifest.Entry] = [:]
        let names = ["swift", "性能", "e\u{301}clair", "éclair", "z", "a-b", "a", "ab", "A", "tags"]
        for index in 0..<6_000 {
            let path = "tags/\(names[index % names.count])-\(index % 97)/page/\(index)/index.html"
            entries[path] = .init(contentHash: UInt64(index), fingerprint: 1, size: index)
        }
        var current = Manifest(entries: entries, foreign: [])
        let byBytes = entries.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        #expect(current.sortedPaths(jobs: 1) == byBytes)
        #expect(current.sortedPaths(jobs: 2) == byBytes)
        let text = ManifestText(current, sortedPaths: current.sortedPaths(jobs: 2))
        var changed: Set<String> = [byBytes[0], byBytes[2_999], byBytes[5_999]]
        changed.formUnion(byBytes.filter { $0.unicodeScalars.contains("\u{301}") }.prefix(3))
        for path in changed { current.entries[path] = .init(contentHash: 9, fingerprint: 9, size: 9) }
        #expect(try #require(text.replacing(changed, from: current)).bytes == current.bytes)
    }
}
