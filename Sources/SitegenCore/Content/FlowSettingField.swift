import FrontMatter
import OnboardingKit

/// One of a flow's settings, declared once: its key in `_index.md` (which is also its key in the
/// manifest, where OnboardingKit's `FlowSettings` describes it), what it means and its default for
/// the reference (docs/writing.md), and how front matter sets it over the defaults of the flow's
/// locale. Reading `_index.md`, the flow's model, its manifest entry and its template data
/// (`settings`) all follow this list, so a new flow setting is one entry here and one field of
/// `FlowSettings`.
struct FlowSettingField: Sendable {
    var key: String
    var meaning: String
    var defaultValue: String
    /// Sets the field from front matter that has the key, reporting what is wrong through the reader.
    var read: @Sendable (inout FieldReader, inout FlowSettings) -> Void

    /// A longer key is more likely a mistake than a name.
    static let maximumStorageKeyLength = 200

    static let all: [FlowSettingField] = [
        FlowSettingField(
            key: "skip", meaning: "`false`, a label, or `{label, target}` with target `last` (last page) or `exit` (finish link)",
            defaultValue: "`Skip`, to the last page"
        ) { reader, settings in
            guard let skip = reader.node("skip") else { return }
            switch skip.kind {
            case .mapping:
                _ = reader.mapping("skip", keys: ["label", "target"]) { nested in
                    if let label = nested.nonBlankString("label") { settings.skip.label = label }
                    if let target = nested.choice("target", SkipTarget.self) { settings.skip.target = target }
                }
            case .scalar where skip.resolved == .bool(true) || skip.resolved == .bool(false):
                if let enabled = reader.bool("skip") { settings.skip.enabled = enabled }
            case .scalar:
                if let label = reader.nonBlankString("skip") { settings.skip.label = label }
            case .sequence:
                reader.report("'skip' must be true, false, a label or a mapping with 'label' and 'target', not a list", at: skip)
            }
        },
        FlowSettingField(
            key: "finish", meaning: "the last page's button: a label, or `{label, href}` (with `show_once`, not back to the flow itself)", defaultValue: "`Get started`, to the site index"
        ) { reader, settings in
            guard let finish = reader.node("finish") else { return }
            if case .scalar = finish.kind {
                if let label = reader.nonBlankString("finish") { settings.finish.label = label }
            } else if let parts = reader.linkParts("finish", labelHasDefault: true) {
                if let label = parts.label { settings.finish.label = label }
                if let href = parts.href { settings.finish.href = href }
            }
        },
        FlowSettingField(
            key: "show_once", meaning: "a visitor who finished or skipped is not shown the flow again", defaultValue: "`false`"
        ) { reader, settings in
            if let showOnce = reader.bool("show_once") { settings.showOnce = showOnce }
        },
        FlowSettingField(
            key: "storage_key",
            meaning: "where that is remembered, always under `sitegen:` (`welcome` is stored as `sitegen:welcome`, so a flow never touches the embedding app's own storage)",
            defaultValue: "`sitegen:<flow>`"
        ) { reader, settings in
            guard let node = reader.node("storage_key"), let key = reader.string("storage_key") else { return }
            // Whatever it says, the key is stored under the `sitegen:` namespace (FirstRunGate).
            if FirstRunGate.key(for: key) == FirstRunGate.keyPrefix || key.unicodeScalars.count > maximumStorageKeyLength
                || key.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            {
                reader.report(
                    "'storage_key' must be 1 to \(maximumStorageKeyLength) characters without control characters; it is stored as 'sitegen:<key>'",
                    at: node)
            } else {
                settings.storageKey = FirstRunGate.key(for: key)
            }
        },
        FlowSettingField(key: "transition", meaning: "`slide`, `fade` or `none`", defaultValue: "`slide`") { reader, settings in
            if let transition = reader.choice("transition", Transition.self) { settings.transition = transition }
        },
        FlowSettingField(key: "orientation", meaning: "`horizontal` or `vertical`", defaultValue: "`horizontal`") { reader, settings in
            if let orientation = reader.choice("orientation", Orientation.self) { settings.orientation = orientation }
        },
        // Read before the others (FlowFrontMatter.read): the defaults of the rest follow the locale.
        FlowSettingField(key: "locale", meaning: "the flow's language tag", defaultValue: "the site's locale") { _, _ in },
        FlowSettingField(
            key: "dir", meaning: "its direction: `ltr`, `rtl` or `auto`", defaultValue: "`rtl` for Arabic, Hebrew, Persian, Urdu…; else `ltr`"
        ) { reader, settings in
            if let direction = reader.choice("dir", TextDirection.self) { settings.direction = direction }
        },
    ]

    /// The reference's rows for these settings, as docs/writing.md shows them.
    static var referenceRows: String {
        all.map { "| `\($0.key)` | \($0.meaning) | \($0.defaultValue) |\n" }.joined()
    }
}
