
/// The theme's look, set in `sitegen.yml` under `theme:` and written as CSS custom properties.
/// Colours take one value, or `{light, dark}` for the two colour schemes.
package struct ThemeSettings: Sendable, Equatable {
    /// Which colour scheme pages use: the visitor's (`auto`), or always one.
    package enum Scheme: String, Sendable, CaseIterable {
        case auto, light, dark
    }

    /// A colour for each scheme; `dark` nil means the same in both.
    package struct Value: Sendable, Equatable {
        package var light: String
        package var dark: String?

        package init(light: String, dark: String? = nil) {
            self.light = light
            self.dark = dark
        }

        var css: String { dark.map { "light-dark(\(light), \($0))" } ?? light }
    }

    /// Each setting by its `sitegen.yml` key, with the CSS custom property it sets.
    package static let properties: [(key: String, cssProperty: String, isColor: Bool)] = [
        ("accent", "--sg-accent", true),
        ("background", "--sg-background", true),
        ("text", "--sg-text", true),
        ("indicator", "--sg-indicator", true),
        ("indicator_current", "--sg-indicator-current", true),
        ("radius", "--sg-radius", false),
        ("font", "--sg-font", false),
    ]

    static var keys: [String] { properties.map(\.key) + ["scheme"] }

    /// The values the site sets, by key; what it leaves out keeps the theme's default.
    package var values: [String: Value] = [:]
    package var scheme: Scheme = .auto

    package init(values: [String: Value] = [:], scheme: Scheme = .auto) {
        self.values = values
        self.scheme = scheme
    }
}
