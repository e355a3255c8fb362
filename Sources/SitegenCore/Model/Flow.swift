import OnboardingKit

/// One flow: its settings with every default filled in, and its pages in order.
package struct Flow: Sendable {
    package var slug: String
    package var title: String
    /// Plain text.
    package var description: String
    package var order: Int?
    package var settings: FlowSettings
    package var pages: [Page]
    /// Changes whenever anything the flow shows changes.
    package var contentVersion: String

    package init(
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
