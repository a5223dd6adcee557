/// Names of the files editors write beside the one being saved (swap,
/// backup, lock and temporary files). A change to one of them alone is not
/// an edit of the site, so it starts no build; the save itself, in place or
/// by renaming the temporary file over the real one, still does.
public enum EditorFiles {
    public static func isTemporary(_ name: Substring) -> Bool {
        if name.hasSuffix("~") { return true }                                // vim, emacs, gedit backups
        if name.hasPrefix(".#") { return true }                               // emacs lock link
        if name.count > 1, name.hasPrefix("#"), name.hasSuffix("#") { return true }  // emacs auto-save
        if name.hasPrefix(".goutputstream-") { return true }                  // GNOME's atomic save
        if isVimWriteTest(name) { return true }
        return temporarySuffixes.contains { name.hasSuffix($0) }
    }

    public static func isTemporary(_ name: String) -> Bool {
        isTemporary(name[...])
    }

    private static let temporarySuffixes = [
        ".swp", ".swo", ".swn", ".swx", ".swpx",                             // vim swap files
        ".tmp", ".bck", ".kate-swp",
        "___jb_tmp___", "___jb_old___",                                       // JetBrains safe write
    ]

    /// Vim checks that it may write a folder by creating `4913` there, or
    /// `4913 + 123 k` when that name is taken.
    private static func isVimWriteTest(_ name: Substring) -> Bool {
        guard name.count <= 6, let number = Int(name), number >= 4913 else { return false }
        return (number - 4913) % 123 == 0
    }
}
