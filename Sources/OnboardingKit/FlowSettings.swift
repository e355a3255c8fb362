/// How a flow behaves: the settings of its `_index.md`, with defaults filled in.
public struct FlowSettings: ManifestObject {
    /// The writing direction of the flow's text.
    public var direction = TextDirection.auto
    public var finish = LinkAction()
    /// A BCP 47 language tag.
    public var locale = ""
    public var orientation = Orientation.horizontal
    /// When true, a visitor who finished or skipped the flow is not shown it again.
    public var showOnce = false
    public var skip = SkipSettings()
    /// The key under which a first-run gate remembers that the flow was seen.
    public var storageKey = ""
    public var transition = Transition.slide

    public static let schemaName = "flowSettings"
    public static let fields: [ManifestField<FlowSettings>] = [
        .init("dir", \.direction),
        .init("finish", \.finish),
        .init("locale", \.locale, .locale),
        .init("orientation", \.orientation),
        .init("show_once", \.showOnce),
        .init("skip", \.skip),
        .init("storage_key", \.storageKey),
        .init("transition", \.transition),
    ]

    public init() {}

    public init(
        skip: SkipSettings, finish: LinkAction, showOnce: Bool, storageKey: String,
        transition: Transition, orientation: Orientation, locale: String, direction: TextDirection
    ) {
        self.skip = skip
        self.finish = finish
        self.showOnce = showOnce
        self.storageKey = storageKey
        self.transition = transition
        self.orientation = orientation
        self.locale = locale
        self.direction = direction
    }
}

/// The Skip control of a flow.
public struct SkipSettings: ManifestObject {
    /// False hides Skip on every page.
    public var enabled = true
    public var label = ""
    public var target = SkipTarget.last

    public static let schemaName = "skip"
    public static let fields: [ManifestField<SkipSettings>] = [
        .init("enabled", \.enabled), .init("label", \.label), .init("target", \.target),
    ]

    public init() {}

    public init(enabled: Bool, label: String, target: SkipTarget) {
        self.enabled = enabled
        self.label = label
        self.target = target
    }
}

/// Where Skip goes.
public enum SkipTarget: String, ManifestEnum {
    /// To the flow's last page, as native onboarding does.
    case last
    /// Out of the flow, to its finish link.
    case exit
}

/// A labelled link: a flow's finish action or a page's own button.
public struct LinkAction: ManifestObject {
    public var href = ""
    public var label = ""

    public static let schemaName = "link"
    public static let fields: [ManifestField<LinkAction>] = [.init("href", \.href), .init("label", \.label)]

    public init() {}

    public init(label: String, href: String) {
        self.label = label
        self.href = href
    }
}

/// How the carousel moves from page to page.
public enum Transition: String, ManifestEnum {
    case slide, fade, none
}

/// The axis pages move along.
public enum Orientation: String, ManifestEnum {
    case horizontal, vertical
}

/// The writing direction of a flow's text.
public enum TextDirection: String, ManifestEnum {
    case ltr, rtl, auto
}
