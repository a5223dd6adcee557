import FileWatching
import Testing

@Suite("Editor files")
struct EditorFilesTests {
    @Test(arguments: [
        "post.md~", ".post.md.swp", ".post.md.swo", ".post.md.swx", "4913", "5036", ".#post.md", "#post.md#",
        "post.md.tmp", "post.md.bck", "post.md___jb_tmp___", "post.md___jb_old___", ".goutputstream-ABC123",
        "post.md.kate-swp",
    ])
    func temporaryFilesOfEditorsAreRecognised(name: String) {
        #expect(EditorFiles.isTemporary(name))
    }

    @Test(arguments: ["post.md", "ui_0.json", "index.html", ".nojekyll", "4913.md", "4914", "CNAME", "a~b.md", "#hash.md", "site.json"])
    func realFilesAreNot(name: String) {
        #expect(!EditorFiles.isTemporary(name))
    }
}
