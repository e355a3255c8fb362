import Diagnostics
import FrontMatter
import OnboardingKit

/// The settings a flow's `_index.md` sets; anything left out is nil and takes its default later.
package struct FlowFrontMatter: Sendable, Equatable {
    package var title: String?
    package var description: String?
    package var order: Int?
    package var skipEnabled: Bool?
    package var skipLabel: String?
    package var skipTarget: SkipTarget?
    package var finishLabel: String?
    package var finishHref: String?
    package var showOnce: Bool?
    package var storageKey: String?
    package var transition: Transition?
    package var orientation: Orientation?
    package var locale: String?
    package var direction: TextDirection?

    package init() {}

    /// A longer key is more likely a mistake than a name.
    static let maximumStorageKeyLength = 200

    static let keys = [
        "title", "description", "order", "skip", "finish", "show_once", "storage_key", "transition",
        "orientation", "locale", "dir",
    ]

    package static func read(_ fields: YAMLNode?, file: SourceFile) -> (FlowFrontMatter, [Diagnostic]) {
        var reader = FieldReader(fields, keys: keys, file: file, context: "flow settings")
        var flow = FlowFrontMatter()
        flow.title = reader.string("title")
        flow.description = reader.string("description")
        flow.order = reader.int("order")
        if let skip = reader.node("skip") {
            switch skip.kind {
            case .mapping:
                _ = reader.mapping("skip", keys: ["label", "target"]) { nested in
                    flow.skipLabel = nested.string("label")
                    flow.skipTarget = nested.choice("target", SkipTarget.self)
                }
            case .scalar where skip.resolved == .bool(true) || skip.resolved == .bool(false):
                flow.skipEnabled = reader.bool("skip")
            case .scalar:
                flow.skipLabel = reader.string("skip")
            case .sequence:
                reader.report("'skip' must be true, false, a label or a mapping with 'label' and 'target', not a list", at: skip)
            }
        }
        if let finish = reader.node("finish") {
            if case .scalar = finish.kind {
                flow.finishLabel = reader.string("finish")
            } else if let parts = reader.linkParts("finish") {
                flow.finishLabel = parts.label
                flow.finishHref = parts.href
            }
        }
        flow.showOnce = reader.bool("show_once")
        if let node = reader.node("storage_key"), let key = reader.string("storage_key") {
            // Whatever it says, the key is stored under the `sitegen:` namespace (FirstRunGate).
            if FirstRunGate.key(for: key) == FirstRunGate.keyPrefix || key.count > Self.maximumStorageKeyLength || key.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                reader.report("'storage_key' must be 1 to \(Self.maximumStorageKeyLength) characters without control characters; it is stored as 'sitegen:<key>'", at: node)
            } else {
                flow.storageKey = key
            }
        }
        flow.transition = reader.choice("transition", Transition.self)
        flow.orientation = reader.choice("orientation", Orientation.self)
        flow.locale = reader.locale("locale")
        flow.direction = reader.choice("dir", TextDirection.self)
        return (flow, reader.diagnostics)
    }
}
