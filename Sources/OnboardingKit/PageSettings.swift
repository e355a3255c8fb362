/// How one page behaves: the settings of its front matter, with defaults filled in.
public struct PageSettings: Codable, Sendable, Equatable {
    /// False hides Skip on this page.
    public var skip: Bool
    /// The page's own button, if it has one.
    public var action: LinkAction?
    public var advance: Advance
    /// A CSS background for the page, if it sets one.
    public var background: String?
    /// Extra CSS class names for the page's markup.
    public var cssClass: String?
    /// True for a draft page, which only a build with drafts includes.
    public var draft: Bool

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

    enum CodingKeys: String, CodingKey {
        case skip, action, advance, background, draft
        case cssClass = "class"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(skip, forKey: .skip)
        try container.encode(action, forKey: .action)
        try container.encode(advance, forKey: .advance)
        try container.encode(background, forKey: .background)
        try container.encode(cssClass, forKey: .cssClass)
        try container.encode(draft, forKey: .draft)
    }
}

/// What lets the user move past a page.
public enum Advance: String, Codable, Sendable, CaseIterable {
    /// Next is always available.
    case auto
    /// Next stays disabled until the page's own action is pressed.
    case action
}
