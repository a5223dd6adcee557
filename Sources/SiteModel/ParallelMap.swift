import Dispatch
import Foundation

extension Array where Element: Sendable {
    /// `map` on up to `jobs` threads; the result keeps the input's order, so
    /// the output does not depend on how many threads ran or how fast.
    public func parallelMap<T: Sendable>(jobs: Int, _ transform: @Sendable (Element) -> T) -> [T] {
        let workers = Swift.min(Swift.max(jobs, 1), count)
        guard workers > 1 else { return map(transform) }
        let chunkSize = Swift.max(1, Swift.min(64, count / (workers * 8)))
        let cursor = ChunkCursor(total: count, chunkSize: chunkSize)
        return [T](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            let slots = SendableBuffer(buffer)
            withoutActuallyEscaping(transform) { transform in
                let work = UncheckedSendable(transform)
                DispatchQueue.concurrentPerform(iterations: workers) { _ in
                    while let range = cursor.next() {
                        for index in range {
                            slots.initialize(index, to: work.value(self[index]))
                        }
                    }
                }
            }
            initializedCount = count
        }
    }
}

extension Array where Element: Sendable & Comparable {
    /// `sorted()`, its two halves sorted on two threads and then merged: a
    /// sort that would otherwise hold up every core at the end of a build.
    /// (Inlinable, so that the sort is specialized for the caller's element type.)
    @inlinable public func parallelSorted(jobs: Int) -> [Element] {
        guard jobs > 1, count >= 4096 else { return sorted() }
        let middle = count / 2
        let halves = [self[..<middle], self[middle...]].parallelMap(jobs: 2) { $0.sorted() }
        var merged: [Element] = []
        merged.reserveCapacity(count)
        var left = halves[0].startIndex
        var right = halves[1].startIndex
        while left < halves[0].endIndex, right < halves[1].endIndex {
            // Ties go to the left half, as a stable sort of the whole would order them.
            if halves[1][right] < halves[0][left] {
                merged.append(halves[1][right])
                right += 1
            } else {
                merged.append(halves[0][left])
                left += 1
            }
        }
        merged += halves[0][left...]
        merged += halves[1][right...]
        return merged
    }
}

/// Hands out consecutive ranges of indices to whichever thread asks first.
private final class ChunkCursor: @unchecked Sendable {
    private let lock = NSLock()
    private var position = 0
    private let total: Int
    private let chunkSize: Int

    init(total: Int, chunkSize: Int) {
        self.total = total
        self.chunkSize = chunkSize
    }

    func next() -> Range<Int>? {
        lock.lock()
        defer { lock.unlock() }
        guard position < total else { return nil }
        let start = position
        position = Swift.min(total, position + chunkSize)
        return start..<position
    }
}

/// Each index is written by exactly one thread, which is what makes sharing it sound.
private struct SendableBuffer<T>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<T>

    init(_ buffer: UnsafeMutableBufferPointer<T>) {
        self.buffer = buffer
    }

    func initialize(_ index: Int, to value: T) {
        (buffer.baseAddress! + index).initialize(to: value)
    }
}

private struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T

    init(_ value: T) {
        self.value = value
    }
}
