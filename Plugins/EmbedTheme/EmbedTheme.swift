import Foundation
import PackagePlugin

/// Compiles folders of the repository into the target that uses this plugin, as generated Swift
/// sources, so the built binary needs no checkout: `templates/` (the default theme) becomes
/// `EmbeddedTheme.files` and `scaffold/` (what `sitegen new` writes) `EmbeddedScaffold.files`.
@main
struct EmbedTheme: BuildToolPlugin {
    static let folders = [(folder: "templates", type: "EmbeddedTheme"), (folder: "scaffold", type: "EmbeddedScaffold")]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        try Self.folders.map { entry in
            let directory = context.package.directoryURL.appending(path: entry.folder)
            let relativePaths = try FileManager.default
                .subpathsOfDirectory(atPath: directory.path)
                .filter { path in
                    var isDirectory: ObjCBool = false
                    let full = directory.appending(path: path).path
                    return FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory)
                        && !isDirectory.boolValue
                        && !path.split(separator: "/").contains { $0.hasPrefix(".") && $0 != ".gitkeep" && $0 != ".gitignore" }
                }
                .sorted()
            let output = context.pluginWorkDirectoryURL.appending(path: "\(entry.type).swift")
            return .buildCommand(
                displayName: "Embedding \(entry.folder)/ (\(relativePaths.count) files)",
                executable: try context.tool(named: "embed-theme").url,
                arguments: [entry.type, directory.path, output.path] + relativePaths,
                inputFiles: relativePaths.map { directory.appending(path: $0) },
                outputFiles: [output]
            )
        }
    }
}
