/// Files of `content/` the loader passes over, said out loud rather than
/// skipped in silence: a stray file at the top of `content/` or `posts/`,
/// and a hidden post (`.draft.md`), which looks like a post but is never
/// published. An editor's swap, backup or lock file (`.post.md.swp`,
/// `post.md~`, Emacs's `.#post.md` link) and other hidden files stay silent.
enum StrayFiles {
    /// What may stand at the top of `content/` besides folders.
    static let contentFiles: Set<String> = ["site.json"]

    /// A warning for a hidden file named like a post; nil for any other entry.
    static func hiddenPost(_ entry: DirectoryEntry) -> Diagnostic? {
        guard entry.kind == .file, entry.name.hasPrefix("."),
              ContentLoader.postFileTypes.contains(where: entry.name.hasSuffix) else { return nil }
        return .warning("a name that starts with a dot hides the post, so it is not published; "
                        + "rename it without the dot to publish it, or remove it", in: entry.path)
    }

    /// Warnings for the files at the top of `content/` that are not part of a site.
    static func atTopOfContent(_ contentDirectory: String) -> [Diagnostic] {
        (FileReading.entries(ofDirectory: contentDirectory) ?? []).compactMap { entry in
            if entry.name.hasPrefix(".") { return hiddenPost(entry) }
            guard entry.kind == .file, !contentFiles.contains(entry.name) else { return nil }
            return .warning("only site.json and folders (posts/, static/) belong at the top of the content folder; "
                            + "this file is ignored", in: entry.path)
        }
    }
}
