@testable import FileWatching
import Testing

@Suite("Debouncer")
struct DebouncerTests {
    let start = ContinuousClock.now

    @Test func announcesOnceQuietForTheDebounceTime() {
        var debouncer = Debouncer(quiet: .milliseconds(20), maxWait: .milliseconds(200))
        debouncer.add(ChangeSet(paths: ["a"]), at: start)
        debouncer.add(ChangeSet(paths: ["b"]), at: start + .milliseconds(15))
        #expect(debouncer.takeIfDue(at: start + .milliseconds(30)) == nil)
        #expect(debouncer.takeIfDue(at: start + .milliseconds(35)) == ChangeSet(paths: ["a", "b"]))
        #expect(debouncer.deadline == nil)
        #expect(debouncer.takeIfDue(at: start + .seconds(1)) == nil)
    }

    @Test func aLongStreamOfWritesIsAnnouncedByTheMaximumWait() {
        var debouncer = Debouncer(quiet: .milliseconds(20), maxWait: .milliseconds(100))
        for step in 0..<10 {
            debouncer.add(ChangeSet(paths: ["a"]), at: start + .milliseconds(10 * step))
        }
        #expect(debouncer.deadline == start + .milliseconds(100))
        #expect(debouncer.takeIfDue(at: start + .milliseconds(100)) == ChangeSet(paths: ["a"]))
    }

    @Test func nothingChangedStartsNoClock() {
        var debouncer = Debouncer(quiet: .milliseconds(20), maxWait: .milliseconds(100))
        debouncer.add(ChangeSet(), at: start)
        #expect(debouncer.deadline == nil)
        debouncer.add(ChangeSet(overflowed: true), at: start)
        #expect(debouncer.takeIfDue(at: start + .milliseconds(20)) == ChangeSet(overflowed: true))
    }
}
