/// How a flow behaves: the settings of its `_index.md`, with defaults filled in.
public struct FlowSettings: Codable, Sendable, Equatable {
    public var skip: SkipSettings
    public var finish: LinkAction
    /// When true, a visitor who finished or skipped the flow is not shown it again.
    public var showOnce: Bool
    /// The key under which a first-run gate remembers that the flow was seen.
    public var storageKey: String
    public var transition: Transition
    public var orientation: Orientation
    /// A BCP 47 language tag.
    public var locale: String
    public var direction: TextDirection

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

    enum CodingKeys: String, CodingKey {
        case skip, finish, transition, orientation, locale
        case showOnce = "show_once"
        case storageKey = "storage_key"
        case direction = "dir"
    }
}

/// The Skip control of a flow.
public struct SkipSettings: Codable, Sendable, Equatable {
    /// False hides Skip on every page.
    public var enabled: Bool
    public var label: String
    public var target: SkipTarget

    public init(enabled: Bool, label: String, target: SkipTarget) {
        self.enabled = enabled
        self.label = label
        self.target = target
    }
}

/// Where Skip goes.
public enum SkipTarget: String, Codable, Sendable, CaseIterable {
    /// To the flow's last page, as native onboarding does.
    case last
    /// Out of the flow, to its finish link.
    case exit
}

/// A labelled link: a flow's finish action or a page's own button.
public struct LinkAction: Codable, Sendable, Equatable {
    public var label: String
    public var href: String

    public init(label: String, href: String) {
        self.label = label
        self.href = href
    }
}

/// How the carousel moves from page to page.
public enum Transition: String, Codable, Sendable, CaseIterable {
    case slide, fade, none
}

/// The axis pages move along.
public enum Orientation: String, Codable, Sendable, CaseIterable {
    case horizontal, vertical
}

/// The writing direction of a flow's text.
public enum TextDirection: String, Codable, Sendable, CaseIterable {
    case ltr, rtl, auto
}
