@testable import FileWatching
import Foundation
import TestSupport
import Testing

@Suite("Watched tree")
struct WatchedTreeTests {
    /// After the kernel drops events, folders made meanwhile are watched
    /// again and the listener is told to rebuild everything.
    @Test func anOverflowRescansTheTree() throws {
        let folder = try TemporaryFolder("sitegen-watch")
        defer { folder.remove() }
        try folder.write("content/posts/notes/first.md", "x")
        let inotify = try Inotify()
        var tree = WatchedTree(roots: [folder.path + "/content"], inotify: inotify)
        try tree.start()
        try folder.write("content/posts/missed/second.md", "y")
        let changes = tree.apply(Inotify.Event(watch: -1, mask: Inotify.queueOverflow, name: ""))
        #expect(changes == ChangeSet(overflowed: true))
        #expect(tree.watchedFolders.contains(folder.path + "/content/posts/missed"))
    }
}
