/// The theme's look, set in `sitegen.yml` under `theme:` and turned into CSS custom properties.
public struct ThemeSettings: Sendable, Equatable {
    /// Each setting by its `sitegen.yml` key, with the CSS custom property it sets.
    public static let properties: [(key: String, cssProperty: String)] = [
        ("accent", "--sg-accent"),
        ("background", "--sg-background"),
        ("text", "--sg-text"),
        ("indicator", "--sg-indicator"),
        ("indicator_current", "--sg-indicator-current"),
        ("radius", "--sg-radius"),
        ("font", "--sg-font"),
    ]

    static var keys: [String] { properties.map(\.key) }

    /// The values the site sets, by key; what it leaves out keeps the theme's default.
    public var values: [String: String] = [:]

    public init(values: [String: String] = [:]) {
        self.values = values
    }

    static func read(_ reader: inout FieldReader) -> ThemeSettings {
        var theme = ThemeSettings()
        for key in keys {
            guard let node = reader.node(key), let value = reader.string(key) else { continue }
            if Validation.isSafeCSSValue(value) {
                theme.values[key] = value
            } else {
                reader.report("'\(key)' is not a CSS value sitegen can use: '\(value)'", at: node)
            }
        }
        return theme
    }

    /// The custom properties the site sets, in a fixed order.
    public var customProperties: [(name: String, value: String)] {
        Self.properties.compactMap { property in values[property.key].map { (property.cssProperty, $0) } }
    }
}
