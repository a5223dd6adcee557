import Foundation

/// Runs a function over the items on up to `jobs` threads, results in order.
enum ParallelWork {
    static func map<Item: Sendable, Result: Sendable>(_ items: [Item], jobs: Int,
                                                      _ body: @Sendable (Item) -> Result) -> [Result] {
        guard jobs > 1, items.count > 1 else { return items.map(body) }
        let results = Results<Result>(count: items.count)
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: min(jobs, items.count)) { _ in
            while let index = next.take(below: items.count) { results.set(index, body(items[index])) }
        }
        return results.values.compactMap { $0 }
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0

        func take(below count: Int) -> Int? {
            lock.withLock {
                guard value < count else { return nil }
                value += 1
                return value - 1
            }
        }
    }

    private final class Results<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var values: [Value?]

        init(count: Int) {
            values = Array(repeating: nil, count: count)
        }

        func set(_ index: Int, _ value: Value) {
            lock.withLock { values[index] = value }
        }
    }
}
