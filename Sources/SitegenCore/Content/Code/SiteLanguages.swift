import Diagnostics
import Foundation
import Highlight

/// The language definitions a site's code blocks are highlighted with: the site's own `.lang`
/// files in `languages/` (read like every input, inside the site), before the system's, which
/// Debian's `libgtksourceview-5-common` installs.
enum SiteLanguages {
    static let directory = "languages"

    /// The highlighter for the site `loader` reads, whose blocks have keys that name `program`
    /// (the tool and the system's definitions), and which finds each flow's blocks that an
    /// earlier build kept through `kept`; warnings for files it cannot use.
    static func highlighting(
        _ inventory: SiteInventory, loader: SiteLoader, program: String,
        kept: @escaping @Sendable (String) -> [String: [TokenRun]] = { _ in [:] }
    ) -> (CodeHighlighting, [Diagnostic]) {
        var files: [LanguageFile] = []
        var diagnostics: [Diagnostic] = []
        for entry in inventory.files(under: directory) {
            let path = loader.diskPath(entry.path)
            guard entry.path.hasSuffix(".lang") else {
                diagnostics.append(.warning("only .lang files (GtkSourceView language definitions) belong in languages/; this one is not read", path: path))
                continue
            }
            guard entry.status.size <= SiteLoader.maximumTextFileSize,
                let bytes = try? loader.fileSystem.readFile(path, confinedTo: loader.root)
            else {
                diagnostics.append(.warning("this language definition cannot be read, or is larger than 4 MiB; its blocks stay plain", path: path))
                continue
            }
            files.append(LanguageFile(path: path, contents: Data(bytes)))
        }
        let library = LanguageLibrary(searchPaths: [LanguageLibrary.systemPath], files: files)
        let own = Set(files.map(\.path))
        for problem in files.isEmpty ? [] : library.indexProblems where own.contains(problem.path) {
            diagnostics.append(.warning("this language definition cannot be used (\(problem.message)); its blocks stay plain", path: problem.path))
        }
        var definitions = ContentHash()
        definitions.add(program)
        for file in files {
            definitions.add(file.path)
            definitions.add(Array(file.contents ?? Data()))
        }
        let highlighting = CodeHighlighting(library: library, definitions: definitions.hex, stored: kept)
        return (highlighting, diagnostics)
    }

    /// What identifies the system's definitions as they are now, for the build's identity: each
    /// `.lang` file's name, size and modification time, so that a build notices an upgraded package.
    static func systemFingerprint(on fileSystem: any FileSystem) -> String {
        let folder = LanguageLibrary.systemPath.path
        let files = ((try? fileSystem.entries(in: folder)) ?? []).filter { $0.name.hasSuffix(".lang") }
        return files.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }.map { file in
            let status = file.status.kind == .symbolicLink ? fileSystem.status(of: Path.join(folder, file.name)) : file.status
            return "\(file.name):\(status?.size ?? -1):\(status?.modified ?? 0)"
        }.joined(separator: ";")
    }

    /// The one warning of a build whose blocks asked for languages the system does not have.
    static let missingDefinitions = Diagnostic(
        .warning,
        "code blocks are left plain: no language definitions in \(LanguageLibrary.systemPath.path); install Debian's "
            + "libgtksourceview-5-common (make installs it) or put .lang files in the site's languages/ folder",
        path: LanguageLibrary.systemPath.path, location: nil)
}
