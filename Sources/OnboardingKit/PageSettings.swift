/// How one page behaves: the settings of its front matter, with defaults filled in.
public struct PageSettings: ManifestObject {
    /// The page's own button, if it has one.
    public var action: LinkAction?
    public var advance: Advance
    /// A CSS background for the page, if it sets one.
    public var background: String?
    /// Extra CSS class names for the page's markup.
    public var cssClass: String?
    /// True for a draft page, which only a build with drafts includes.
    public var draft: Bool
    /// False hides Skip on this page.
    public var skip: Bool

    public static let schemaName = "pageSettings"
    public static let fields: [ManifestField<PageSettings>] = [
        .init("action", \.action),
        .init("advance", \.advance),
        .init("background", \.background),
        .init("class", \.cssClass),
        .init("draft", \.draft),
        .init("skip", \.skip),
    ]

    public init() { self.init(skip: true) }

    public init(
        skip: Bool = true, action: LinkAction? = nil, advance: Advance = .auto, background: String? = nil,
        cssClass: String? = nil, draft: Bool = false
    ) {
        self.skip = skip
        self.action = action
        self.advance = advance
        self.background = background
        self.cssClass = cssClass
        self.draft = draft
    }
}

/// What lets the user move past a page.
public enum Advance: String, ManifestEnum {
    /// Next is always available.
    case auto
    /// Next stays disabled until the page's own action is pressed.
    case action
}
