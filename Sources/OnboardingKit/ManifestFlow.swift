/// One onboarding flow: an ordered run of pages shown as one carousel.
public struct ManifestFlow: Codable, Sendable, Equatable, Identifiable {
    /// The flow's slug: its folder name under `content/`.
    public var id: String
    public var title: String
    /// Plain-text description, from `description` or the body of the flow's `_index.md`.
    public var description: String
    /// The flow's carousel page, relative to the site (or absolute when the site has a base URL).
    public var url: String
    /// A digest of everything the flow shows; it changes whenever the content changes, so a
    /// first-run gate can show a changed flow again.
    public var contentVersion: String
    public var settings: FlowSettings
    public var pages: [ManifestPage]

    public init(
        id: String, title: String, description: String, url: String, contentVersion: String,
        settings: FlowSettings, pages: [ManifestPage]
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.url = url
        self.contentVersion = contentVersion
        self.settings = settings
        self.pages = pages
    }

    enum CodingKeys: String, CodingKey {
        case id, title, description, url, settings, pages
        case contentVersion = "content_version"
    }
}
