import Dispatch

/// A value computed on another thread while the caller goes on, for work
/// that would otherwise wait its turn on the build's critical path.
final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchGroup()
    // Written once on the worker before `done` is left; read only after waiting on it.
    private var value: Value?

    init(_ work: @escaping @Sendable () -> Value) {
        done.enter()
        DispatchQueue.global().async {
            self.value = work()
            self.done.leave()
        }
    }

    /// Waits for the work, then gives its value.
    func result() -> Value {
        done.wait()
        guard let value else { preconditionFailure("the group is left only after the value is set") }
        return value
    }
}
