import Diagnostics

/// Reads a site's `templates/` folder, whose files override the default theme's by name.
struct ThemeLoader: Sendable {
    static let directory = Theme.siteFolder

    let loader: SiteLoader

    /// The default theme with the site's overrides, from the files the inventory found.
    func load(_ inventory: SiteInventory) -> (Theme, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var overrides: [String: Theme.File] = [:]
        for entry in inventory.files(under: Self.directory) {
            let relative = Path.relative(entry.path, to: Self.directory) ?? entry.path
            guard Theme.isThemeFile(relative) else {
                diagnostics.append(
                    .warning("not used by the theme: a theme holds .mustache templates, sitegen.css, custom.css, sitegen.js and strings.yml", path: loader.diskPath(entry.path)))
                continue
            }
            switch loader.read(entry.path) {
            case .success(let file): overrides[relative] = Theme.File(text: file.text, path: file.path)
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            }
        }
        return (Theme.default.overridden(by: overrides), diagnostics)
    }
}
