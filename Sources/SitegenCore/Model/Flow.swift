import OnboardingKit

/// One flow: its settings with every default filled in, and its pages in order.
public struct Flow: Sendable {
    public var slug: String
    public var title: String
    /// Plain text.
    public var description: String
    public var order: Int?
    public var settings: FlowSettings
    public var pages: [Page]
    /// Changes whenever anything the flow shows changes.
    public var contentVersion: String

    public init(
        slug: String, title: String, description: String, order: Int?, settings: FlowSettings, pages: [Page],
        contentVersion: String
    ) {
        self.slug = slug
        self.title = title
        self.description = description
        self.order = order
        self.settings = settings
        self.pages = pages
        self.contentVersion = contentVersion
    }
}
