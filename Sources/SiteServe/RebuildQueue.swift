import Dispatch
import Foundation
import SiteBuild

/// Runs one build at a time: changes announced while a build runs are
/// gathered, and make exactly one more build once it has finished.
final class RebuildQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: InputChanges?
    private var running = false
    private let idle = DispatchGroup()
    private let queue = DispatchQueue(label: "sitegen serve builds")
    private let build: @Sendable (InputChanges) -> Void

    init(build: @escaping @Sendable (InputChanges) -> Void) {
        self.build = build
    }

    func announce(_ changes: InputChanges) {
        let start = lock.withLock { () -> Bool in
            pending = pending.map { $0.merged(with: changes) } ?? changes
            guard !running else { return false }
            running = true
            idle.enter()
            return true
        }
        if start { queue.async { self.drain() } }
    }

    /// Waits for the build under way, and the one it owes, to finish; false after `timeout` seconds.
    func waitUntilIdle(timeout: Double) -> Bool {
        idle.wait(timeout: .now() + timeout) == .success
    }

    private func drain() {
        while let changes = take() { build(changes) }
    }

    private func take() -> InputChanges? {
        lock.withLock {
            guard let changes = pending else {
                running = false
                idle.leave()
                return nil
            }
            pending = nil
            return changes
        }
    }
}
