/// One screen of a flow.
public struct ManifestPage: Codable, Sendable, Equatable, Identifiable {
    /// The page's anchor slug, unique within its flow.
    public var id: String
    /// The page's zero-based position in its flow.
    public var index: Int
    public var title: String
    /// The rendered Markdown body. Relative URLs in it resolve against the flow's `url`.
    public var html: String
    /// The page's main image, or `nil` when it has none.
    public var image: ManifestImage?
    /// The page's Markdown file, relative to the site's `content/` folder.
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

    enum CodingKeys: String, CodingKey {
        case id, index, title, html, image, source, settings
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(index, forKey: .index)
        try container.encode(title, forKey: .title)
        try container.encode(html, forKey: .html)
        try container.encode(image, forKey: .image)
        try container.encode(source, forKey: .source)
        try container.encode(settings, forKey: .settings)
    }
}

/// An image with its intrinsic size, so a client can reserve its space before it loads.
public struct ManifestImage: Codable, Sendable, Equatable {
    /// The image's URL, relative to the flow's `url` (or absolute when the site has a base URL).
    public var src: String
    public var width: Int
    public var height: Int
    /// The text alternative; empty for a decorative image.
    public var alt: String

    public init(src: String, width: Int, height: Int, alt: String) {
        self.src = src
        self.width = width
        self.height = height
        self.alt = alt
    }
}
