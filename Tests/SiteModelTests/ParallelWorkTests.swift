import SiteModel
import Testing

/// Work spread over threads must give what the same work on one thread gives.
@Suite("Work on many threads")
struct ParallelWorkTests {
    @Test(arguments: [0, 1, 4095, 4096, 4097, 25_000])
    func aParallelSortEqualsASort(count: Int) {
        var generator = SystemRandomNumberGenerator()
        // Few distinct prefixes, so that equal and nearly equal paths meet across the halves.
        let paths = (0..<count).map { _ in
            "posts/" + (["a", "b", "ab", "é"].randomElement(using: &generator) ?? "a") + "/\(Int.random(in: 0..<500, using: &generator))"
        }
        #expect(paths.parallelSorted(jobs: 2) == paths.sorted())
        #expect(paths.parallelSorted(jobs: 1) == paths.sorted())
    }

    @Test func aParallelMapKeepsTheOrder() {
        let numbers = Array(0..<10_000)
        #expect(numbers.parallelMap(jobs: 4) { $0 * 3 } == numbers.map { $0 * 3 })
    }
}
