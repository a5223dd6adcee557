import FileWatching
import Foundation
import TestSupport
import Testing

/// Real folders, real inotify: each way an editor saves a file must make
/// exactly one announcement naming the file. The debounce is longer than
/// `serve`'s, so that a busy machine pausing this test between two steps of
/// one save does not split it in two.
@Suite("File watcher", .serialized)
struct FileWatcherTests {
    static let debounce = Duration.milliseconds(150)

    /// Collects what the watcher announces, from its thread.
    final class Announcements: @unchecked Sendable {
        private let lock = NSLock()
        private var received: [ChangeSet] = []

        func append(_ changes: ChangeSet) { lock.withLock { received.append(changes) } }
        var all: [ChangeSet] { lock.withLock { received } }

        /// Waits until `count` announcements arrived (or a generous timeout),
        /// then long enough that a further one would have arrived too.
        func settle(count: Int = 1) -> [ChangeSet] {
            let giveUp = ContinuousClock.now + .seconds(10)
            while all.count < count, ContinuousClock.now < giveUp { Thread.sleep(forTimeInterval: 0.01) }
            Thread.sleep(forTimeInterval: 0.5)
            return all
        }
    }

    func watching(_ roots: [String], maxWait: Duration = .seconds(2),
                  _ body: (Announcements) throws -> Void) throws {
        let announcements = Announcements()
        let watcher = try FileWatcher(roots: roots, debounce: Self.debounce, maxWait: maxWait) { announcements.append($0) }
        defer { watcher.stop() }
        try body(announcements)
    }

    func site() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("sitegen-watch")
        try folder.write("content/site.json", "{}")
        try folder.write("content/posts/notes/first.md", "---\ntitle: First\n---\nBody\n")
        return folder
    }

    @Test func writingInPlaceIsOneChange() throws {
        let folder = try site()
        defer { folder.remove() }
        let post = folder.path + "/content/posts/notes/first.md"
        try watching([folder.path + "/content"]) { announcements in
            try folder.write("content/posts/notes/first.md", "---\ntitle: First\n---\nBody, longer\n")
            #expect(announcements.settle() == [ChangeSet(paths: [post])])
        }
    }

    @Test func vimsBackupAndRenameIsOneChange() throws {
        let folder = try site()
        defer { folder.remove() }
        let notes = folder.path + "/content/posts/notes"
        try watching([folder.path + "/content"]) { announcements in
            try folder.write("content/posts/notes/4913", "")
            try FileManager.default.removeItem(atPath: notes + "/4913")
            try folder.write("content/posts/notes/.first.md.swp", "swap")
            #expect(rename(notes + "/first.md", notes + "/first.md~") == 0)
            try folder.write("content/posts/notes/first.md", "---\ntitle: First\n---\nEdited\n")
            try FileManager.default.removeItem(atPath: notes + "/first.md~")
            try FileManager.default.removeItem(atPath: notes + "/.first.md.swp")
            #expect(announcements.settle() == [ChangeSet(paths: [notes + "/first.md"])])
        }
    }

    @Test func writingATemporaryFileAndRenamingItIsOneChange() throws {
        let folder = try site()
        defer { folder.remove() }
        let notes = folder.path + "/content/posts/notes"
        try watching([folder.path + "/content"]) { announcements in
            // JetBrains' safe write
            try folder.write("content/posts/notes/first.md___jb_tmp___", "---\ntitle: First\n---\nNew\n")
            #expect(rename(notes + "/first.md", notes + "/first.md___jb_old___") == 0)
            #expect(rename(notes + "/first.md___jb_tmp___", notes + "/first.md") == 0)
            try FileManager.default.removeItem(atPath: notes + "/first.md___jb_old___")
            #expect(announcements.settle() == [ChangeSet(paths: [notes + "/first.md"])])
        }
    }

    @Test func emacsLocksAndAutoSavesAreNotChangesButItsSaveIs() throws {
        let folder = try site()
        defer { folder.remove() }
        let notes = folder.path + "/content/posts/notes"
        try watching([folder.path + "/content"]) { announcements in
            #expect(symlink("user@host.1234", notes + "/.#first.md") == 0)
            try folder.write("content/posts/notes/#first.md#", "auto-saved")
            #expect(announcements.settle(count: 0).isEmpty)
            #expect(rename(notes + "/first.md", notes + "/first.md~") == 0)
            try folder.write("content/posts/notes/first.md", "---\ntitle: First\n---\nSaved\n")
            try FileManager.default.removeItem(atPath: notes + "/#first.md#")
            try FileManager.default.removeItem(atPath: notes + "/.#first.md")
            #expect(announcements.settle() == [ChangeSet(paths: [notes + "/first.md"])])
        }
    }

    @Test func aFolderMadeWithFilesInsideIsWatchedAndItsFilesAnnounced() throws {
        let folder = try site()
        defer { folder.remove() }
        let content = folder.path + "/content"
        try watching([content]) { announcements in
            try folder.write("content/posts/ios/deep/a.md", "a")  // made in one go, before any watch on them
            let first = announcements.settle()
            #expect(first.count == 1)
            #expect(first.first?.paths.isSuperset(of: [content + "/posts/ios", content + "/posts/ios/deep/a.md"]) == true)
            try folder.write("content/posts/ios/deep/a.md", "edited")
            #expect(announcements.settle(count: 2).last == ChangeSet(paths: [content + "/posts/ios/deep/a.md"]))
        }
    }

    @Test func aFolderDeletedAndMadeAgainIsStillWatched() throws {
        let folder = try site()
        defer { folder.remove() }
        let notes = folder.path + "/content/posts/notes"
        try watching([folder.path + "/content"]) { announcements in
            try FileManager.default.removeItem(atPath: notes)
            try folder.write("content/posts/notes/first.md", "again")
            // One announcement, or two on a machine busy enough to pause between the delete and the write.
            let removedAndMade = announcements.settle()
            #expect(removedAndMade.reduce(into: Set()) { $0.formUnion($1.paths) }.contains(notes + "/first.md"))
            try folder.write("content/posts/notes/first.md", "edited")
            #expect(announcements.settle(count: removedAndMade.count + 1).last == ChangeSet(paths: [notes + "/first.md"]))
        }
    }

    @Test func aRootThatAppearsLaterIsWatched() throws {
        let folder = try site()
        defer { folder.remove() }
        let templates = folder.path + "/templates"
        try watching([folder.path + "/content", templates]) { announcements in
            try folder.write("templates/post.mustache", "{{title}}")
            #expect(announcements.settle().first?.paths.contains(templates + "/post.mustache") == true)
            try folder.write("templates/post.mustache", "{{title}}!")
            #expect(announcements.settle(count: 2).last == ChangeSet(paths: [templates + "/post.mustache"]))
        }
    }

    @Test func swapFilesAloneAnnounceNothing() throws {
        let folder = try site()
        defer { folder.remove() }
        try watching([folder.path + "/content"]) { announcements in
            try folder.write("content/posts/notes/.first.md.swp", "swap")
            try folder.write("content/posts/notes/.first.md.swp", "swap again")
            try folder.write("content/posts/notes/first.md~", "backup")
            #expect(announcements.settle(count: 0).isEmpty)
        }
    }

    @Test func writesThatNeverPauseAreStillAnnouncedByTheMaximumWait() throws {
        let folder = try site()
        defer { folder.remove() }
        try watching([folder.path + "/content"], maxWait: .milliseconds(200)) { announcements in
            let end = ContinuousClock.now + .milliseconds(900)
            var step = 0
            while ContinuousClock.now < end {
                step += 1
                try folder.write("content/posts/notes/first.md", "step \(step)")
                Thread.sleep(forTimeInterval: 0.005)
            }
            #expect(announcements.settle().count >= 2)
        }
    }

    @Test func nothingIsAnnouncedAfterStop() throws {
        let folder = try site()
        defer { folder.remove() }
        let announcements = Announcements()
        let watcher = try FileWatcher(roots: [folder.path + "/content"], debounce: .milliseconds(10)) { announcements.append($0) }
        watcher.stop()
        try folder.write("content/posts/notes/first.md", "after stop")
        #expect(announcements.settle(count: 0).isEmpty)
    }

    @Test func aMissingRootWithoutAParentIsAnError() {
        #expect(throws: WatchError.self) {
            try FileWatcher(roots: ["/nonexistent-\(UUID().uuidString)/content"]) { _ in }
        }
    }
}
