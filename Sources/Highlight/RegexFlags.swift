/// The options a `.lang` file sets on its patterns (`case-sensitive`, `extended`, `dupnames`),
/// written into each pattern as an inline `(?…)` group the way GtkSourceView's parser does.
struct RegexFlags: Sendable, Equatable {
    var caseless = false
    var extended = false
    var dupnames = false

    /// The flags after an element's attributes (`<match case-sensitive="false">`).
    func updated(by attributes: [String: String]) -> RegexFlags {
        var flags = self
        for (name, value) in attributes {
            let on = value.lowercased() == "true"
            switch name {
            case "case-sensitive": flags.caseless = !on
            case "extended": flags.extended = on
            case "dupnames": flags.dupnames = on
            default: break
            }
        }
        return flags
    }

    /// The inline group: `(?ix)`, `(?-ix)`, `(?i-x)`, … with `J` only ever switched on.
    var inlineGroup: String {
        var group = "(?"
        if caseless { group += "i" }
        if extended { group += "x" }
        if dupnames { group += "J" }
        if !(caseless && extended) {
            group += "-"
            if !caseless { group += "i" }
            if !extended { group += "x" }
        }
        return group + ")"
    }
}
