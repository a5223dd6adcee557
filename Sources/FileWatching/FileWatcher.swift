import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The model side of `sitegen serve`: watches the input folders and
/// announces each burst of edits once, as a `ChangeSet`, the way the seed
/// app's model posted a notification that its data changed.
///
/// `onChange` runs on the watcher's own thread, one call at a time; a burst
/// is announced once nothing has changed for `debounce`, or `maxWait` after
/// it began. Changes to editors' swap and backup files alone announce nothing.
public final class FileWatcher: Sendable {
    /// A pipe whose far end wakes the watcher thread to stop it.
    private let wake: (read: Int32, write: Int32)
    private let finished = DispatchSemaphore(value: 0)
    private let state: Stopping
    private static let threadName = "sitegen file watcher"

    public init(roots: [String], debounce: Duration = .milliseconds(15), maxWait: Duration = .milliseconds(250),
                onChange: @escaping @Sendable (ChangeSet) -> Void) throws(WatchError) {
        let inotify = try Inotify()
        var tree = WatchedTree(roots: roots.map(Self.trimmed), inotify: inotify)
        try tree.start()
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw WatchError("cannot watch for changes: pipe failed") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        wake = (ends[0], ends[1])
        state = Stopping()
        let loop = Loop(inotify: inotify, tree: tree, wake: wake.read, debouncer: Debouncer(quiet: debounce, maxWait: maxWait),
                        onChange: onChange)
        let finished = finished
        let thread = Thread {
            loop.run()
            finished.signal()
        }
        thread.name = Self.threadName
        thread.start()
    }

    /// Stops watching; once it returns, `onChange` is not called again
    /// (unless called from `onChange` itself, which then returns first).
    public func stop() {
        guard state.stopOnce() else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        if Thread.current.name != Self.threadName { finished.wait() }
    }

    deinit {
        stop()
        close(wake.read)
        close(wake.write)
    }

    /// `content/` and `content` name one folder; the paths announced are built from the root as given.
    private static func trimmed(_ root: String) -> String {
        var root = root
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        return root
    }

    private final class Stopping: @unchecked Sendable {
        private let lock = NSLock()
        private var stopped = false

        /// True the first time only.
        func stopOnce() -> Bool {
            lock.withLock {
                defer { stopped = true }
                return !stopped
            }
        }
    }

    /// The watcher thread's loop: waits for events or the next deadline,
    /// gathers, announces; owned by that thread alone.
    private final class Loop: @unchecked Sendable {
        let inotify: Inotify
        var tree: WatchedTree
        let wake: Int32
        var debouncer: Debouncer
        let onChange: @Sendable (ChangeSet) -> Void

        init(inotify: Inotify, tree: WatchedTree, wake: Int32, debouncer: Debouncer,
             onChange: @escaping @Sendable (ChangeSet) -> Void) {
            self.inotify = inotify
            self.tree = tree
            self.wake = wake
            self.debouncer = debouncer
            self.onChange = onChange
        }

        func run() {
            var descriptors = [pollfd(fd: inotify.descriptor, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            while true {
                let ready = poll(&descriptors, 2, timeout())
                if ready < 0, errno != EINTR { return }
                if descriptors[1].revents != 0 { return }
                if descriptors[0].revents != 0 {
                    let now = ContinuousClock.now
                    for event in inotify.readEvents() {
                        debouncer.add(tree.apply(event), at: now)
                    }
                }
                if let changes = debouncer.takeIfDue(at: .now) { onChange(changes) }
            }
        }

        /// Milliseconds until the pending changes are due, rounded up; -1 (forever) when none are.
        private func timeout() -> Int32 {
            guard let deadline = debouncer.deadline else { return -1 }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return 0 }
            let (seconds, attoseconds) = left.components
            return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
        }
    }
}
