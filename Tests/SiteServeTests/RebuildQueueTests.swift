import Foundation
import SiteBuild
@testable import SiteServe
import Testing

/// One build at a time; changes during a build make exactly one more.
@Suite("Rebuild queue")
struct RebuildQueueTests {
    /// Records each build's changes; the first build waits until released.
    final class Recorder: @unchecked Sendable {
        let lock = NSLock()
        var builds: [InputChanges] = []
        var running = 0
        var mostAtOnce = 0
        let firstStarted = DispatchSemaphore(value: 0)
        let releaseFirst = DispatchSemaphore(value: 0)

        func build(_ changes: InputChanges) {
            let isFirst = lock.withLock { () -> Bool in
                builds.append(changes)
                running += 1
                mostAtOnce = max(mostAtOnce, running)
                return builds.count == 1
            }
            if isFirst {
                firstStarted.signal()
                releaseFirst.wait()
            }
            lock.withLock { running -= 1 }
        }
    }

    @Test func changesDuringABuildMakeExactlyOneMoreBuild() {
        let recorder = Recorder()
        let queue = RebuildQueue { recorder.build($0) }
        queue.announce(.paths(["/site/content/posts/a/one.md"]))
        recorder.firstStarted.wait()
        queue.announce(.paths(["/site/content/posts/a/two.md"]))
        queue.announce(.paths(["/site/content/site.json"]))
        queue.announce(.paths(["/site/content/posts/a/two.md"]))
        recorder.releaseFirst.signal()
        #expect(queue.waitUntilIdle(timeout: 10))
        #expect(recorder.builds == [.paths(["/site/content/posts/a/one.md"]),
                                    .paths(["/site/content/posts/a/two.md", "/site/content/site.json"])])
        #expect(recorder.mostAtOnce == 1)
    }

    @Test func anOverflowDuringABuildRebuildsEverything() {
        let recorder = Recorder()
        let queue = RebuildQueue { recorder.build($0) }
        queue.announce(.paths(["/site/content/posts/a/one.md"]))
        recorder.firstStarted.wait()
        queue.announce(.paths(["/site/content/posts/a/two.md"]))
        queue.announce(.everything)
        recorder.releaseFirst.signal()
        #expect(queue.waitUntilIdle(timeout: 10))
        #expect(recorder.builds.last == .everything)
        #expect(recorder.builds.count == 2)
    }

    @Test func changesAfterABuildStartAnother() {
        let recorder = Recorder()
        let queue = RebuildQueue { recorder.build($0) }
        recorder.releaseFirst.signal()
        queue.announce(.paths(["/a"]))
        #expect(queue.waitUntilIdle(timeout: 10))
        queue.announce(.paths(["/b"]))
        #expect(queue.waitUntilIdle(timeout: 10))
        #expect(recorder.builds == [.paths(["/a"]), .paths(["/b"])])
    }
}
