/// The theme a build uses: the default theme's files, with the site's own `templates/` laid over
/// them file by file.
public struct Theme: Sendable {
    /// One file of the theme, with the path diagnostics show for it.
    public struct File: Sendable, Hashable {
        public var text: String
        public var path: String
    }

    public static let stylesheetFile = "sitegen.css"
    public static let scriptFile = "sitegen.js"
    public static let stringsFile = "strings.yml"
    public static let templateExtension = ".mustache"
    /// How diagnostics name the default theme's files, which live inside the binary.
    static let defaultThemePath = "sitegen:templates"

    /// Files by their path inside `templates/`.
    public var files: [String: File]

    public init(files: [String: File]) {
        self.files = files
    }

    /// The default theme alone.
    public static let `default` = Theme(
        files: EmbeddedTheme.files.reduce(into: [:]) { files, entry in
            files[entry.key] = File(text: entry.value, path: Path.join(defaultThemePath, entry.key))
        })

    /// The default theme with `overrides` (files of a site's `templates/`) in place of its own.
    public func overridden(by overrides: [String: File]) -> Theme {
        Theme(files: files.merging(overrides) { _, site in site })
    }

    /// Whether a theme file has a use: templates, the stylesheet, the script and the string table.
    static func isThemeFile(_ path: String) -> Bool {
        path.hasSuffix(templateExtension) || [stylesheetFile, scriptFile, stringsFile].contains(path)
    }
}
