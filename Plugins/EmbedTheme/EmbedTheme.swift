import Foundation
import PackagePlugin

/// Embeds the repository's top-level `templates/` folder (the default theme) into the target that
/// uses this plugin, as a generated Swift source, so the built binary needs no checkout.
@main
struct EmbedTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let themeDirectory = context.package.directoryURL.appending(path: "templates")
        let relativePaths = try FileManager.default
            .subpathsOfDirectory(atPath: themeDirectory.path)
            .filter { path in
                var isDirectory: ObjCBool = false
                let full = themeDirectory.appending(path: path).path
                return FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory)
                    && !isDirectory.boolValue
                    && !path.split(separator: "/").contains { $0.hasPrefix(".") }
            }
            .sorted()
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTheme.swift")
        return [
            .buildCommand(
                displayName: "Embedding the default theme (\(relativePaths.count) files)",
                executable: try context.tool(named: "embed-theme").url,
                arguments: [themeDirectory.path, output.path] + relativePaths,
                inputFiles: relativePaths.map { themeDirectory.appending(path: $0) },
                outputFiles: [output]
            )
        ]
    }
}
