/// The theme a build uses: the default theme's files, with the site's own `templates/` laid over
/// them file by file.
package struct Theme: Sendable {
    /// One file of the theme, with the path diagnostics show for it.
    package struct File: Sendable, Hashable {
        package var text: String
        package var path: String
    }

    /// The folder of a site whose files override the theme's, file by file.
    package static let siteFolder = "templates"
    package static let stylesheetFile = "sitegen.css"
    /// A site's own rules, loaded after the theme's; the default theme has none.
    package static let customStylesheetFile = "custom.css"
    package static let scriptFile = "sitegen.js"
    /// Code blocks' styles and copy buttons, which the flows with code blocks load.
    package static let codeStylesheetFile = "code.css"
    package static let codeScriptFile = "code.js"
    /// embed.js's loader, the dialog it loads when a flow opens, and the rules it adds to the stylesheet.
    package static let embedLoaderFile = "embed.js"
    package static let embedDialogFile = "embed-dialog.js"
    package static let embedStylesheetFile = "embed.css"
    package static let stringsFile = "strings.yml"
    /// The language choice of a site in several languages, and the locale resolver it and embed.js share.
    package static let localeScriptFile = "locale.js"
    package static let localeResolverFile = "locale-resolver.js"
    package static let templateExtension = ".mustache"
    /// How diagnostics name the default theme's files, which live inside the binary.
    static let defaultThemePath = "sitegen:templates"

    /// Files by their path inside `templates/`.
    package var files: [String: File]

    package init(files: [String: File]) {
        self.files = files
    }

    /// The default theme alone.
    package static let `default` = Theme(
        files: EmbeddedTheme.files.reduce(into: [:]) { files, entry in
            files[entry.key] = File(text: entry.value, path: Path.join(defaultThemePath, entry.key))
        })

    /// The default theme with `overrides` (files of a site's `templates/`) in place of its own.
    package func overridden(by overrides: [String: File]) -> Theme {
        Theme(files: files.merging(overrides) { _, site in site })
    }

    /// Whether a theme file has a use: templates, the stylesheet, the scripts and the string table.
    static func isThemeFile(_ path: String) -> Bool {
        path.hasSuffix(templateExtension)
            || [
                stylesheetFile, customStylesheetFile, scriptFile, stringsFile, embedLoaderFile, embedDialogFile, embedStylesheetFile,
                codeStylesheetFile, codeScriptFile, localeScriptFile, localeResolverFile,
            ]
            .contains(path)
    }
}
