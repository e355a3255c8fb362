/// One onboarding flow: an ordered run of pages shown as one carousel.
public struct ManifestFlow: ManifestObject, Identifiable {
    /// A digest of everything the flow shows; it changes whenever the content changes, so a
    /// first-run gate can show a changed flow again.
    public var contentVersion = ""
    /// Plain-text description, from `description` or the body of the flow's `_index.md`.
    public var description = ""
    /// The flow's slug: its folder name under `content/`.
    public var id = ""
    public var pages: [ManifestPage] = []
    public var settings = FlowSettings()
    public var title = ""
    /// The flow's carousel page, relative to the site (or absolute when the site has a base URL).
    public var url = ""

    public static let schemaName = "flow"
    public static let fields: [ManifestField<ManifestFlow>] = [
        .init("content_version", \.contentVersion, .pattern("^[0-9a-f]{16}$")),
        .init("description", \.description),
        .init("id", \.id, .pattern("^[A-Za-z0-9][A-Za-z0-9_.-]*$")),
        .init("pages", \.pages, .minItems(1)),
        .init("settings", \.settings),
        .init("title", \.title),
        .init("url", \.url, .description("The flow's carousel; relative to the site unless base_url is set.")),
    ]

    public init() {}

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
}
