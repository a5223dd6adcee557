import Foundation

/// Where the repository is, so tests can use the shipped content and templates.
public enum Repository {
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    public static var content: String { root + "/content" }
    public static var templates: String { root + "/templates" }
    public static var sharedFolder: String { root + "/../shared" }
    /// The debug binary that `swift build --build-tests` leaves next to the tests.
    public static var sitegenBinary: String { root + "/.build/debug/sitegen" }
}

/// Small content trees, written the way a blogger would write them.
public enum ContentFixture {
    public static func siteJSON(title: String = "Test Blog", baseURL: String = "https://example.org/",
                                extra: String = "") -> String {
        """
        {
          "title": "\(title)",
          "baseURL": "\(baseURL)"\(extra.isEmpty ? "" : ",\n  " + extra)
        }
        """
    }

    public static func postJSON(title: String, desc: String = "A post.", body: String = "Hello.",
                                date: String? = "2020-01-01") -> String {
        var fields = [
            "\"title\": \(quoted(title))",
            "\"desc\": \(quoted(desc))",
            "\"body\": \(quoted(body))",
        ]
        if let date { fields.append("\"date\": \(quoted(date))") }
        return "{\n  " + fields.joined(separator: ",\n  ") + "\n}\n"
    }

    /// A JSON string literal of `text`.
    public static func quoted(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])) ?? Data()
        let array = String(decoding: data, as: UTF8.self)
        return String(array.dropFirst().dropLast())
    }
}
