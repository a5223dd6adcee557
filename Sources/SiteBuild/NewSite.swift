import Foundation
import SiteModel

/// `sitegen new site DIR`: a small site that builds as it is, with the
/// built-in theme: settings, one category with one Markdown post, and a
/// `static/` folder. Only a new or empty folder is written into.
struct NewSite {
    let directory: String
    /// Today, as `YYYY-MM-DD`: the first post's date.
    let date: String

    /// Writes the site; returns what to tell the user.
    func run() throws(NewCommandError) -> [String] {
        switch FileSystem.kind(directory) {
        case .missing:
            break
        case .directory:
            guard (FileReading.entries(ofDirectory: directory, followLinks: false) ?? []).isEmpty else {
                throw NewCommandError("\(directory): error: the folder is not empty; 'sitegen new site' writes only into a new or empty folder")
            }
        case .file, .other:
            throw NewCommandError("\(directory): error: a file is there; 'sitegen new site' writes only into a new or empty folder")
        }
        for (path, text) in files {
            let full = directory + "/" + path
            do {
                try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try FileSystem.writeNewFile(full, Array(text.utf8))
            } catch let error as FileSystem.Failure {
                throw NewCommandError(error.description)
            } catch {
                throw NewCommandError("\(full): error: cannot create the folder for it")
            }
        }
        return [
            "made a new site in \(directory); to build it into \(directory)/public/ and preview it while you write:",
            "",
            "  cd \(Self.shellQuoted(directory))",
            "  sitegen build",
            "  sitegen serve",
        ]
    }

    /// Paths relative to the new site's folder, and their text.
    private var files: [(String, String)] {
        [
            ("content/site.json", """
            {
              "title": "My blog",
              "baseURL": "https://example.org/",
              "description": "Notes, written in Markdown and built with sitegen.",
              "categories": [
                { "slug": "notes", "title": "Notes" }
              ]
            }

            """),
            ("content/posts/notes/hello-world.md", """
            ---
            title: "Hello, world"
            desc: "The first post of this site."
            date: \(date)
            draft: false
            ---
            This post is `content/posts/notes/hello-world.md`: Markdown, with its
            title, summary and date in the front matter between the `---` lines.

            Write the next one with `sitegen new post "A title"`, which makes a draft
            in this category; `sitegen build --drafts` shows drafts too. Files in
            `content/static/` are copied to the top of the site as they are.

            """),
            // GitHub Pages serves the site as it is, without Jekyll.
            ("content/static/.nojekyll", ""),
        ]
    }

    /// The folder as a shell reads it back: quoted when it holds anything but safe characters.
    static func shellQuoted(_ path: String) -> String {
        let safe = path.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "/._-+".unicodeScalars.contains($0)) }
        return safe && !path.isEmpty ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
