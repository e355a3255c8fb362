import OnboardingKit

/// One page of a flow, rendered from Markdown.
package struct Page: Sendable {
    /// Unique within the flow; the page's anchor.
    package var id: String
    /// Zero-based position in the flow.
    package var index: Int
    package var title: String
    /// The Markdown body as HTML, with local image URLs relative to the flow's folder.
    package var html: String
    /// The page's main image; its `src` is relative to the flow's folder in the output.
    package var image: ManifestImage?
    /// The Markdown file relative to `content/`.
    package var source: String
    package var settings: PageSettings

    package init(
        id: String, index: Int, title: String, html: String, image: ManifestImage?, source: String,
        settings: PageSettings
    ) {
        self.id = id
        self.index = index
        self.title = title
        self.html = html
        self.image = image
        self.source = source
        self.settings = settings
    }
}
