import Diagnostics
import FrontMatter
import OnboardingKit

/// What a flow's `_index.md` says: its title, description and place on the index, and its
/// settings (`FlowSettingField`) over the defaults of its locale.
package struct FlowFrontMatter: Sendable, Equatable {
    package var title: String?
    package var description: String?
    package var order: Int?
    package var settings = FlowSettings()

    package init() {}

    static let keys = ["title", "description", "order"] + FlowSettingField.all.map(\.key)

    /// Why a `show_once` flow's finish link may not lead into the flow itself.
    static let finishLeadsBack =
        "'finish' leads back to the flow itself, so with 'show_once' a visitor who has seen it would be sent to it again and again; link where the flow leads, such as ../ or /app"

    /// Reads `fields`; `defaults` gives the settings of a flow in a locale (the one named, or nil
    /// for the site's), which the fields then override.
    package static func read(
        _ fields: YAMLNode?, file: SourceFile, defaults: (String?) -> FlowSettings = { FlowSettings(locale: $0 ?? "") }
    ) -> (FlowFrontMatter, [Diagnostic]) {
        var reader = FieldReader(fields, keys: keys, file: file, context: "flow settings")
        var flow = FlowFrontMatter()
        flow.title = reader.nonBlankString("title")
        flow.description = reader.string("description")
        flow.order = reader.int("order")
        flow.settings = defaults(reader.locale("locale"))
        for field in FlowSettingField.all where reader.node(field.key) != nil {
            field.read(&reader, &flow.settings)
        }
        if flow.settings.showOnce, let node = fields?.hrefNode(under: "finish"), Self.isTheFlowItself(flow.settings.finish.href) {
            reader.report(Self.finishLeadsBack, at: node)
        }
        return (flow, reader.diagnostics)
    }

    /// Whether a finish link, written in the flow's page, is that page: nothing, `.`, `./`,
    /// `index.html`, or only a query or a fragment.
    static func isTheFlowItself(_ href: String) -> Bool {
        let path = URLParts(href).path
        return ["", ".", "./", "index.html", "./index.html"].contains(path)
    }

    /// The reference's table of a flow's keys (docs/writing.md): those that name and place the
    /// flow, then its settings.
    static var referenceTable: String {
        "| key | meaning | default |\n| --- | --- | --- |\n"
            + "| `title`, `description` | shown on the site index | the folder name as words (`tour-guide` is \"Tour guide\"); the body's text |\n"
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
