/// Reads a site's `templates/` folder, whose files override the default theme's by name.
struct ThemeLoader: Sendable {
    static let directory = "templates"

    let fileSystem: any FileSystem
    let loader: SiteLoader

    func load() -> (Theme, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var overrides: [String: Theme.File] = [:]
        let root = loader.diskPath(Self.directory)
        guard fileSystem.kind(of: root) == .directory else { return (.default, []) }
        for relative in files(under: root, prefix: "", diagnostics: &diagnostics) {
            let sitePath = Path.join(Self.directory, relative)
            guard Theme.isThemeFile(relative) else {
                diagnostics.append(
                    .warning("not used by the theme: a theme holds .mustache templates, sitegen.css, sitegen.js and strings.yml", path: loader.diskPath(sitePath)))
                continue
            }
            switch loader.read(sitePath) {
            case .success(let file): overrides[relative] = Theme.File(text: file.text, path: file.path)
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            }
        }
        return (Theme.default.overridden(by: overrides), diagnostics)
    }

    /// Every file below `directory`, as paths relative to it, sorted; hidden files left out.
    private func files(under directory: String, prefix: String, diagnostics: inout [Diagnostic]) -> [String] {
        let names: [String]
        do {
            names = try fileSystem.contentsOfDirectory(directory).sorted()
        } catch {
            diagnostics.append(.error("cannot list the folder: \(error)", path: directory))
            return []
        }
        return names.filter { !$0.hasPrefix(".") }.flatMap { name -> [String] in
            let path = Path.join(directory, name)
            let relative = Path.join(prefix, name)
            return fileSystem.kind(of: path) == .directory
                ? files(under: path, prefix: relative, diagnostics: &diagnostics) : [relative]
        }
    }
}
