import OnboardingKit

/// One page of a flow, rendered from Markdown.
public struct Page: Sendable {
    /// Unique within the flow; the page's anchor.
    public var id: String
    /// Zero-based position in the flow.
    public var index: Int
    public var title: String
    /// The Markdown body as HTML, with local image URLs relative to the flow's folder.
    public var html: String
    /// The page's main image; its `src` is relative to the flow's folder in the output.
    public var image: ManifestImage?
    /// The Markdown file relative to `content/`.
    public var source: String
    public var settings: PageSettings

    public init(
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
