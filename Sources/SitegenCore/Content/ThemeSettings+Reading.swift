import Diagnostics
import FrontMatter

/// The theme settings as `sitegen.yml` sets them, and the warnings they earn.
extension ThemeSettings {
    static func read(_ reader: inout FieldReader) -> ThemeSettings {
        var theme = ThemeSettings()
        theme.scheme = reader.choice("scheme", Scheme.self) ?? .auto
        for property in properties {
            guard let node = reader.node(property.key) else { continue }
            if property.kind == .color, case .mapping = node.kind {
                let value = reader.mapping(property.key, keys: ["light", "dark"]) { scheme -> Value? in
                    let light = scheme.cssValue("light")
                    let dark = scheme.cssValue("dark")
                    if light == nil || dark == nil, scheme.diagnostics.isEmpty {
                        scheme.report("'\(property.key)' needs both a 'light' and a 'dark' colour, or one colour for both", at: node)
                    }
                    return light.flatMap { light in dark.map { Value(light: light, dark: $0) } }
                }
                if let value = value ?? nil { theme.values[property.key] = value }
            } else if let value = reader.cssValue(property.key) {
                // `radius: 12` wrote `--sg-radius: 12`, which no rule that uses it can read.
                guard property.kind != .length || Validation.isCSSLength(value) else {
                    reader.report("'\(property.key)' must be a CSS length with its unit, such as 12px or 0.75rem, not '\(value)'", at: node)
                    continue
                }
                theme.values[property.key] = Value(light: value)
            }
        }
        return theme
    }

    /// The CSS that applies these settings over the theme's stylesheet.
    package var css: String {
        let declarations = Self.properties.compactMap { property in
            values[property.key].map { "  \(property.cssProperty): \($0.css);\n" }
        }
        let colorScheme = scheme == .auto ? [] : ["  color-scheme: \(scheme.rawValue);\n"]
        let body = declarations + colorScheme
        return body.isEmpty ? "" : "\n/* From sitegen.yml */\n:root {\n" + body.joined() + "}\n"
    }

    /// Warnings for text and link colours that fall below WCAG AA contrast (4.5:1) on the
    /// background, in each scheme, where the site sets one of the two and both can be measured.
    /// `defaults` are the theme's own values, by custom property, for what the site leaves out.
    /// Each warning is at the colour the site set (`node` is the `theme` mapping): the text or
    /// link colour, or the background the theme's own colour falls short on.
    func contrastWarnings(file: SourceFile, in node: YAMLNode?, defaults: [String: Value]) -> [Diagnostic] {
        func value(_ key: String) -> Value? {
            values[key] ?? Self.properties.first { $0.key == key }.flatMap { defaults[$0.cssProperty] }
        }
        // The value the site wrote for `key`, in `scheme` where it wrote one per scheme.
        func written(_ key: String, scheme: String) -> YAMLNode? {
            guard case .mapping(let pairs)? = node?.kind, let value = pairs.last(where: { $0.key.scalarText == key })?.value else { return node }
            guard case .mapping(let schemes) = value.kind else { return value }
            return schemes.last { $0.key.scalarText == scheme }?.value ?? value
        }
        guard let background = value("background") else { return [] }
        let backgroundName = values["background"] == nil ? "the theme's background" : "background"
        var warnings: [Diagnostic] = []
        for key in ["text", "accent"] where values[key] != nil || values["background"] != nil {
            guard let foreground = value(key) else { continue }
            let name = values[key] == nil ? "the theme's '\(key)'" : "theme '\(key)'"
            let pairs = [("light", foreground.light, background.light), ("dark", foreground.dark ?? foreground.light, background.dark ?? background.light)]
            for (scheme, front, back) in pairs {
                guard let ratio = ColorContrast.ratio(front, back), ratio < 4.5 else { continue }
                let rounded = (ratio * 10).rounded(.down) / 10
                let at = written(values[key] == nil ? "background" : key, scheme: scheme)
                // A colour the site gave once is both schemes' colour.
                let once = scheme == "dark" ? [key, "background"].filter { values[$0] != nil && values[$0]?.dark == nil } : []
                let advice = once.isEmpty
                    ? "" : "; " + once.map { "'\($0)'" }.joined(separator: " and ") + (once.count == 1 ? " is" : " are")
                        + " written once, so the dark scheme uses \(once.count == 1 ? "it" : "them") too: write {light: …, dark: …}"
                warnings.append(
                    file.warning(
                        "\(name) \(front) on \(backgroundName) \(back) has a contrast of \(rounded):1 in the \(scheme) scheme; WCAG AA asks for 4.5:1\(advice)",
                        at: at?.location, length: at?.length ?? 1))
            }
        }
        return warnings
    }
}
