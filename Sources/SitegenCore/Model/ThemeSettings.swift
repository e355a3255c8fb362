
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

    /// What a setting's value is: a colour (one, or one per scheme), a length, or any CSS value.
    package enum Kind: Sendable { case color, length, other }

    /// Each setting by its `sitegen.yml` key, with the CSS custom property it sets.
    package static let properties: [(key: String, cssProperty: String, kind: Kind)] = [
        ("accent", "--sg-accent", .color),
        ("background", "--sg-background", .color),
        ("text", "--sg-text", .color),
        ("indicator", "--sg-indicator", .color),
        ("indicator_current", "--sg-indicator-current", .color),
        ("radius", "--sg-radius", .length),
        ("font", "--sg-font", .other),
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
