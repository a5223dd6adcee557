import SiteModel
import Testing

/// A repeat is told apart from a new string whether there are a few or many,
/// and the same strings count as one as they would in a `Set`.
@Suite("Strings met so far")
struct SeenStringsTests {
    /// What `insert` answered for each string, in order.
    private static func inserting(_ strings: [String], into seen: inout SeenStrings) -> [Bool] {
        strings.map { seen.insert($0) }
    }

    @Test func aRepeatIsNotNew() {
        var seen = SeenStrings()
        #expect(Self.inserting(["swift", "ios", "swift"], into: &seen) == [true, true, false])
        #expect(seen.contains("ios"))
        #expect(!seen.contains("android"))
    }

    /// Past the strings compared one by one, the ones met before are still known.
    @Test(arguments: [1, 16, 17, 40])
    func manyStringsAreAllKept(count: Int) {
        var seen = SeenStrings()
        let strings = (0..<count).map { "key-\($0)" }
        #expect(Self.inserting(strings, into: &seen) == Array(repeating: true, count: count))
        #expect(strings.allSatisfy(seen.contains))
        #expect(Self.inserting(strings, into: &seen) == Array(repeating: false, count: count))
        #expect(Self.inserting(["one more"], into: &seen) == [true])
    }

    @Test func equalTextIsOneStringAsInASet() {
        var seen = SeenStrings()
        #expect(Self.inserting(["caf\u{E9}", "cafe\u{301}"], into: &seen) == [true, false])
        var set: Set<String> = ["caf\u{E9}"]
        #expect(!set.insert("cafe\u{301}").inserted)
    }
}
