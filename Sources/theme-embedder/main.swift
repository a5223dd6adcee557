import Foundation

/// `theme-embedder THEME_FOLDER OUTPUT.swift`: writes every file of the theme
/// folder (hidden ones left out), sorted by path, as byte arrays of an
/// extension of `DefaultTheme`. Run by the `EmbedTheme` build plugin.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: theme-embedder THEME_FOLDER OUTPUT.swift\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: arguments[1]).standardizedFileURL.path
var paths: [String] = []
if let walker = FileManager.default.enumerator(atPath: folder) {
    while let relative = walker.nextObject() as? String {
        guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue {
            paths.append(relative)
        }
    }
}
paths.sort()

/// A Swift string literal of a path: only `"` and `\` need escaping in one.
func literal(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}

var source = "// Made from the templates/ folder by theme-embedder at build time; not to be edited.\n\n"
source += "extension DefaultTheme {\n"
for (index, path) in paths.enumerated() {
    guard let data = FileManager.default.contents(atPath: folder + "/" + path) else {
        FileHandle.standardError.write(Data("theme-embedder: cannot read \(folder)/\(path)\n".utf8))
        exit(1)
    }
    source += "    /// \(path)\n    private static let file\(index): [UInt8] = ["
    for (offset, byte) in data.enumerated() {
        source += (offset % 24 == 0 ? "\n        " : " ") + String(byte) + ","
    }
    source += "\n    ]\n\n"
}
source += "    static let embedded: [(path: String, bytes: [UInt8])] = [\n"
for (index, path) in paths.enumerated() {
    source += "        (\(literal(path)), file\(index)),\n"
}
source += "    ]\n}\n"
do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: arguments[2]), options: .atomic)
} catch {
    FileHandle.standardError.write(Data("theme-embedder: cannot write \(arguments[2]): \(error)\n".utf8))
    exit(1)
}
