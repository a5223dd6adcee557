import Foundation
import PackagePlugin

/// Compiles the package's `templates/` folder into the target it is applied
/// to, as a Swift source of byte arrays made by `theme-embedder`. Every file
/// of the theme is an input of the command, so editing, adding or removing
/// one rebuilds the binary with it: the repository keeps one copy of the theme.
@main
struct EmbedTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let theme = context.package.directoryURL.appending(path: "templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTheme.swift")
        return [.buildCommand(displayName: "Embedding the default theme from templates/",
                              executable: try context.tool(named: "theme-embedder").url,
                              arguments: [theme.path, output.path],
                              inputFiles: themeFiles(in: theme),
                              outputFiles: [output])]
    }

    /// Every file of the theme, hidden ones left out, as the embedder reads them.
    private func themeFiles(in folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey],
                                                          options: [.skipsHiddenFiles]) else { return [] }
        var files: [URL] = []
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            files.append(url)
        }
        return files
    }
}
