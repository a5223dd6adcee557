import Foundation

/// Counts finished jobs from many threads and reports every hundredth,
/// so a progress display costs nothing measurable.
final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private let total: Int
    private let report: @Sendable (BuildProgress) -> Void

    init(total: Int, report: @escaping @Sendable (BuildProgress) -> Void) {
        self.total = total
        self.report = report
    }

    func advance() {
        lock.lock()
        done += 1
        let current = done
        lock.unlock()
        if current % 100 == 0 || current == total { report(.rendered(done: current, of: total)) }
    }
}
