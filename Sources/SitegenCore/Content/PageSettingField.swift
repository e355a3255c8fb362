import FrontMatter
import OnboardingKit

/// One of a page's settings, declared once: its front-matter key (which is also its key in the
/// manifest, where OnboardingKit's `PageSettings` describes it), what it means and its default for
/// the reference (docs/writing.md), and how front matter sets it. Reading a page's front matter,
/// the page's model, its manifest entry and its template data (`settings`) all follow this list,
/// so a new page setting is one entry here and one field of `PageSettings`.
struct PageSettingField: Sendable {
    var key: String
    var meaning: String
    var defaultValue: String
    /// Sets the field from front matter that has the key, reporting what is wrong through the reader.
    var read: @Sendable (inout FieldReader, inout PageSettings) -> Void

    static let all: [PageSettingField] = [
        PageSettingField(
            key: "draft", meaning: "`true` leaves the page out unless you build with `--drafts`", defaultValue: "`false`"
        ) { reader, settings in
            if let draft = reader.bool("draft") { settings.draft = draft }
        },
        PageSettingField(key: "skip", meaning: "`false` hides Skip on this page", defaultValue: "`true`") { reader, settings in
            if let skip = reader.bool("skip") { settings.skip = skip }
        },
        PageSettingField(key: "action", meaning: "the page's own button: `{label, href}`", defaultValue: "none") { reader, settings in
            guard let node = reader.node("action"), let parts = reader.linkParts("action", labelHasDefault: false) else { return }
            if let label = parts.label, let href = parts.href {
                settings.action = LinkAction(label: label, href: href)
            } else if reader.diagnostics.isEmpty {
                reader.report("'action' needs both a 'label' and an 'href'", at: node)
            }
        },
        PageSettingField(
            key: "advance", meaning: "`action`: Next stays disabled until the action is pressed (with JavaScript)", defaultValue: "`auto`"
        ) { reader, settings in
            guard let node = reader.node("advance"), let advance = reader.choice("advance", Advance.self) else { return }
            if advance == .action, reader.node("action") == nil {
                reader.report("'advance: action' needs an 'action' on the page, whose button moves on", at: node)
            }
            settings.advance = advance
        },
        PageSettingField(key: "background", meaning: "a CSS background for the page", defaultValue: "none") { reader, settings in
            settings.background = reader.cssValue("background")
        },
        PageSettingField(key: "class", meaning: "extra CSS classes for the page", defaultValue: "none") { reader, settings in
            guard let node = reader.node("class"), let cssClass = reader.string("class") else { return }
            if Validation.isClassList(cssClass) {
                settings.cssClass = cssClass
            } else {
                reader.report("'class' must be CSS class names separated by spaces, not '\(cssClass)'", at: node)
            }
        },
    ]

    /// The reference's rows for these settings, as docs/writing.md shows them.
    static var referenceRows: String {
        all.map { "| `\($0.key)` | \($0.meaning) | \($0.defaultValue) |\n" }.joined()
    }
}
