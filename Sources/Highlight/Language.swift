/// The languages the highlighter knows, found by the name a fenced code
/// block gives (`swift`, `objc`, `sh`, …), case-insensitively.
public enum Language: String, CaseIterable, Sendable {
    case swift, objectiveC = "objective-c", c, cpp = "c++", javascript, json, yaml, shell, console, diff
    case markup = "xml", ruby, python

    public init?(name: some StringProtocol) {
        guard let language = Self.byName[name.lowercased()] else { return nil }
        self = language
    }

    /// Every name a block may use, the canonical one first.
    public var names: [String] {
        switch self {
        case .swift: ["swift"]
        case .objectiveC: ["objective-c", "objc", "objectivec", "obj-c", "m", "mm", "objective-c++", "objc++"]
        case .c: ["c", "h"]
        case .cpp: ["c++", "cpp", "cxx", "cc", "hpp", "hh"]
        case .javascript: ["javascript", "js", "jsx", "mjs", "cjs", "typescript", "ts"]
        case .json: ["json", "jsonc", "json5", "geojson"]
        case .yaml: ["yaml", "yml"]
        case .shell: ["shell", "sh", "bash", "zsh", "ksh"]
        case .console: ["console", "shell-session", "terminal", "sh-session"]
        case .diff: ["diff", "patch", "udiff"]
        case .markup: ["xml", "html", "xhtml", "plist", "svg", "htm"]
        case .ruby: ["ruby", "rb", "podfile", "fastfile", "gemfile", "rake"]
        case .python: ["python", "py", "python3", "py3"]
        }
    }

    private static let byName: [String: Language] = {
        var names: [String: Language] = [:]
        for language in allCases {
            for name in language.names { names[name] = language }
        }
        return names
    }()
}
