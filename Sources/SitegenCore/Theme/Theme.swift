/// The default theme's files, embedded into the binary at build time from `templates/`.
public struct Theme: Sendable {
    /// Theme files by their path inside `templates/`.
    public var files: [String: String]

    public init(files: [String: String]) {
        self.files = files
    }

    public static let `default` = Theme(files: EmbeddedTheme.files)

    static let stylesheetFile = "sitegen.css"

    /// The theme's CSS, followed by the custom properties the site sets in `sitegen.yml`.
    func stylesheet(_ settings: ThemeSettings) -> String {
        var css = files[Self.stylesheetFile] ?? ""
        let properties = settings.customProperties
        if !properties.isEmpty {
            css += "\n/* From sitegen.yml */\n:root {\n"
            for property in properties {
                css += "  \(property.name): \(property.value);\n"
            }
            css += "}\n"
        }
        return css
    }
}
