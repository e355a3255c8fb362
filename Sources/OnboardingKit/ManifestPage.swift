/// One screen of a flow.
public struct ManifestPage: ManifestObject, Identifiable {
    /// The Lottie animations the body shows, in document order.
    public var animations: [ManifestAnimation] = []
    /// The page's code blocks in document order, as tokens an app can colour itself.
    public var codeBlocks: [ManifestCodeBlock] = []
    /// The rendered Markdown body. Relative URLs in it resolve against the flow's `url`.
    public var html = ""
    /// The page's anchor slug, unique within its flow.
    public var id = ""
    /// The page's main image, or `nil` when it has none.
    public var image: ManifestImage?
    /// The page's zero-based position in its flow.
    public var index = 0
    /// True when the page is shown in another language than its flow's, for want of a translation.
    public var fallback = false
    /// The language the page is written in: its flow's locale, or for a fallback, the locale it
    /// fell back to. Empty in manifests written before sites had several languages.
    public var lang = ""
    public var settings = PageSettings()
    /// The page's Markdown file, relative to the site's `content/` folder.
    public var source = ""
    public var title = ""
    /// The videos the body shows, in document order.
    public var videos: [ManifestVideo] = []

    public static let schemaName = "page"
    public static let fields: [ManifestField<ManifestPage>] = [
        .init("animations", \.animations, missing: [], .description("The Lottie animations the body shows, in document order.")),
        .init("code_blocks", \.codeBlocks, missing: [], .description("The body's code blocks in document order, as styled tokens.")),
        .init("fallback", \.fallback, missing: false, .description("True when no translation exists and the page is shown in lang instead.")),
        .init("html", \.html, .description("The rendered body; relative URLs resolve against the flow's url.")),
        .init("id", \.id, .pattern("^[A-Za-z0-9][A-Za-z0-9_-]*$")),
        .init("image", \.image),
        .init("index", \.index, .minimum(0)),
        .init("lang", \.lang, missing: "", .description("The BCP 47 tag of the language the page is written in.")),
        .init("settings", \.settings),
        .init("source", \.source, .description("The page's Markdown file, relative to content/.")),
        .init("title", \.title),
        .init("videos", \.videos, missing: [], .description("The videos the body shows, in document order.")),
    ]

    public init() {}

    public init(
        id: String, index: Int, title: String, html: String, image: ManifestImage?, source: String,
        settings: PageSettings, codeBlocks: [ManifestCodeBlock] = [], lang: String = "", fallback: Bool = false,
        animations: [ManifestAnimation] = [], videos: [ManifestVideo] = []
    ) {
        self.animations = animations
        self.videos = videos
        self.lang = lang
        self.fallback = fallback
        self.codeBlocks = codeBlocks
        self.id = id
        self.index = index
        self.title = title
        self.html = html
        self.image = image
        self.source = source
        self.settings = settings
    }
}

/// An image with its intrinsic size, so a client can reserve its space before it loads.
public struct ManifestImage: ManifestObject {
    /// The text alternative; empty for a decorative image.
    public var alt = ""
    /// When the image is a Lottie animation, the animation (`src` is then an animated WebP of it).
    public var animation: ManifestAnimation?
    public var height = 1
    /// The image's URL, relative to the flow's `url` (or absolute when the site has a base URL).
    public var src = ""
    /// Stills of an animated image (its first frame, or an animation's poster at each width), for
    /// readers who prefer reduced motion.
    public var stills: [ManifestImageVariant] = []
    /// Versions of it the site made at other widths and formats, `src`'s own first.
    public var variants: [ManifestImageVariant] = []
    public var width = 1

    public static let schemaName = "image"
    public static let fields: [ManifestField<ManifestImage>] = [
        .init("alt", \.alt),
        .init("animation", \.animation, missing: nil),
        .init("height", \.height, .minimum(1)),
        .init("src", \.src),
        .init("stills", \.stills, missing: [], .description("Stills of an animated image, for readers who prefer reduced motion.")),
        .init("variants", \.variants, missing: [], .description("Versions the site made at other widths and formats.")),
        .init("width", \.width, .minimum(1)),
    ]

    public init() {}

    public init(src: String, width: Int, height: Int, alt: String) {
        self.src = src
        self.width = width
        self.height = height
        self.alt = alt
    }
}
