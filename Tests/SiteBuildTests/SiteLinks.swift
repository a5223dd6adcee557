import Foundation

/// Reads a built site the way a link checker would: every `href` and `src`
/// of every HTML file, and whether an internal one resolves to a written file.
struct SiteLinks {
    let root: String
    let basePath: String

    func htmlFiles() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".html") { files.append(path) }
        }
        return files.sorted()
    }

    static func links(in html: String) -> [String] {
        var found: [String] = []
        for attribute in ["href=\"", "src=\""] {
            var rest = html[...]
            while let start = rest.range(of: attribute) {
                let after = rest[start.upperBound...]
                guard let end = after.firstIndex(of: "\"") else { break }
                found.append(String(after[..<end]))
                rest = after[end...]
            }
        }
        return found
    }

    /// Internal links (those starting with `/`) that point at no file.
    func brokenLinks() -> [String] {
        var broken: [String] = []
        for file in htmlFiles() {
            guard let html = try? String(contentsOfFile: root + "/" + file, encoding: .utf8) else { continue }
            for link in Self.links(in: html) where link.hasPrefix("/") {
                guard link.hasPrefix(basePath) else {
                    broken.append("\(file): \(link) (outside \(basePath))")
                    continue
                }
                var target = String(link.dropFirst(basePath.count))
                if let hash = target.firstIndex(of: "#") { target = String(target[..<hash]) }
                // A tag in any script is percent-encoded in its URL and UTF-8 in its file name.
                target = target.removingPercentEncoding ?? target
                if target.isEmpty || target.hasSuffix("/") { target += "index.html" }
                if !FileManager.default.fileExists(atPath: root + "/" + target) { broken.append("\(file): \(link)") }
            }
        }
        return broken
    }
}
