import Foundation
import SiteModel

/// `sitegen new post "Title"`: writes a draft Markdown post into a
/// category of the site, its id made from the title (see `PostID`), and
/// never over a file that is there: a taken id gets `-2`, `-3`.
struct NewPost {
    let title: String
    let category: String?
    let contentDirectory: String
    /// Today, as `YYYY-MM-DD`: the post's date, and the id of a title with no letters.
    let date: String

    /// Writes the post; returns its path.
    func run() throws(NewCommandError) -> String {
        let postsFolder = contentDirectory + "/posts"
        guard let entries = FileReading.entries(ofDirectory: postsFolder) else {
            throw NewCommandError("\(postsFolder): error: there is no posts folder here; run this in the folder of a site, or name its content with --content (sitegen new site DIR makes a site)")
        }
        let categories = entries.filter { $0.isDirectory && Slug.isValid($0.name) }.map(\.name)
        let slug = try chosenCategory(among: categories, postsFolder: postsFolder)
        // Ids are unique across the whole site, so every category's names count.
        var taken: Set<String> = []
        for category in categories {
            for entry in FileReading.entries(ofDirectory: postsFolder + "/" + category) ?? [] {
                taken.insert(entry.name)
                for suffix in [".json", ".md"] where entry.name.hasSuffix(suffix) { taken.insert(String(entry.name.dropLast(suffix.count))) }
            }
        }
        let id = PostID.unique(PostID.from(title: title, date: date)) { taken.contains($0) || taken.contains($0 + ".md") }
        let path = "\(postsFolder)/\(slug)/\(id).md"
        let text = """
        ---
        title: \(Self.yamlQuoted(title))
        desc: ""
        date: \(date)
        draft: true
        ---


        """
        do {
            try FileSystem.writeNewFile(path, Array(text.utf8))
        } catch {
            throw NewCommandError(error.description)
        }
        return path
    }

    private func chosenCategory(among categories: [String], postsFolder: String) throws(NewCommandError) -> String {
        let known = categories.isEmpty ? "there are none yet; make a folder for one in \(postsFolder)/"
            : "the categories are " + categories.joined(separator: ", ")
        if let category {
            guard categories.contains(category) else {
                throw NewCommandError("\(postsFolder): error: there is no category '\(category)'; \(known)")
            }
            return category
        }
        guard categories.count == 1, let only = categories.first else {
            throw NewCommandError("\(postsFolder): error: name the post's category with --category SLUG; \(known)")
        }
        return only
    }

    /// A YAML double-quoted scalar of `text`: `"` and `\` escaped, and every
    /// character YAML would read as a line break or refuse written as `\uXXXX`.
    static func yamlQuoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}", "\u{FEFF}":
                quoted += String(format: "\\u%04X", scalar.value)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}

/// A `sitegen new` that cannot be done, worded as a compiler would; exit status 1.
struct NewCommandError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
