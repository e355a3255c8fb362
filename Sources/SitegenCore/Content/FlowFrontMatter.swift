import Diagnostics
import FrontMatter
import OnboardingKit

/// What a flow's `_index.md` says: its title, description and place on the index, and its
/// settings (`FlowSettingField`) over the defaults of its locale.
package struct FlowFrontMatter: Sendable, Equatable {
    package var title: String?
    package var description: String?
    package var order: Int?
    /// The locale `_index.md` names, if it names one.
    package var locale: String?
    package var settings = FlowSettings()

    package init() {}

    static let keys = ["title", "description", "order"] + FlowSettingField.all.map(\.key)

    /// Reads `fields`; `defaults` gives the settings of a flow in a locale (the one named, or nil
    /// for the site's), which the fields then override.
    package static func read(
        _ fields: YAMLNode?, file: SourceFile, defaults: (String?) -> FlowSettings = { FlowSettings(locale: $0 ?? "") }
    ) -> (FlowFrontMatter, [Diagnostic]) {
        var reader = FieldReader(fields, keys: keys, file: file, context: "flow settings")
        var flow = FlowFrontMatter()
        flow.title = reader.string("title")
        flow.description = reader.string("description")
        flow.order = reader.int("order")
        flow.locale = reader.locale("locale")
        flow.settings = defaults(flow.locale)
        for field in FlowSettingField.all where reader.node(field.key) != nil {
            field.read(&reader, &flow.settings)
        }
        return (flow, reader.diagnostics)
    }

    /// The reference's table of a flow's keys (docs/writing.md): those that name and place the
    /// flow, then its settings.
    static var referenceTable: String {
        "| key | meaning | default |\n| --- | --- | --- |\n"
            + "| `title`, `description` | shown on the site index | the folder name; the body's text |\n"
            + "| `order` | position on the site index | by folder name |\n" + FlowSettingField.referenceRows
    }
}

extension FlowSettings {
    /// A flow's settings where `_index.md` sets none, in `locale`.
    init(locale: String) {
        self.init()
        self.locale = locale
        direction = TextDirection.of(locale: locale)
    }
}
