import Diagnostics

/// The custom properties a theme's stylesheet declares on its first `:root` rule, so that a
/// site's colours can be measured against the theme's defaults for what the site leaves out.
enum ThemePalette {
    /// Values by custom property name (`--sg-background`); `light-dark(a, b)` gives both schemes.
    static func parse(_ css: String) -> [String: ThemeSettings.Value] {
        guard let rule = css.range(of: ":root {"), let end = css[rule.upperBound...].firstIndex(of: "}") else { return [:] }
        var palette: [String: ThemeSettings.Value] = [:]
        for declaration in css[rule.upperBound..<end].split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let name = parts[0].trimmingBlanks
            let value = parts[1].trimmingBlanks
            guard name.hasPrefix("--") else { continue }
            if value.hasPrefix("light-dark("), value.hasSuffix(")") {
                let schemes = value.dropFirst("light-dark(".count).dropLast().split(separator: ",", maxSplits: 1)
                if schemes.count == 2 {
                    palette[name] = ThemeSettings.Value(light: schemes[0].trimmingBlanks, dark: schemes[1].trimmingBlanks)
                }
            } else {
                palette[name] = ThemeSettings.Value(light: value)
            }
        }
        return palette
    }
}
