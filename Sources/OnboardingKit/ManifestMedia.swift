/// A version of an image at another width or in another format, which the site made from it.
public struct ManifestImageVariant: ManifestObject {
    public var height = 1
    /// Its URL, relative to the flow's `url` (or absolute when the site has a base URL).
    public var src = ""
    /// Its MIME type: `image/webp`, `image/jpeg`, `image/png`.
    public var type = ""
    public var width = 1

    public static let schemaName = "image_variant"
    public static let fields: [ManifestField<ManifestImageVariant>] = [
        .init("height", \.height, .minimum(1)),
        .init("src", \.src),
        .init("type", \.type, .pattern("^image/")),
        .init("width", \.width, .minimum(1)),
    ]

    public init() {}

    public init(src: String, width: Int, height: Int, type: String) {
        self.src = src
        self.width = width
        self.height = height
        self.type = type
    }
}

/// A Lottie animation a page shows: the JSON an app plays with its own Lottie player, a still of
/// it, its own canvas and timing, and the features it uses that some player does not draw.
public struct ManifestAnimation: ManifestObject {
    /// How long it plays, in milliseconds.
    public var durationMS = 0
    /// Each feature some renderer does not draw, with the layers that use it.
    public var features: [ManifestAnimationFeature] = []
    /// How many frames it has.
    public var frames = 1
    /// The size of its canvas, which a player scales.
    public var height = 1
    /// A still of it (a WebP), for readers who prefer reduced motion and clients without a player.
    public var poster = ""
    /// The Lottie JSON, relative to the flow's `url` (or absolute when the site has a base URL).
    public var src = ""
    public var width = 1

    public static let schemaName = "animation"
    public static let fields: [ManifestField<ManifestAnimation>] = [
        .init("duration_ms", \.durationMS, .minimum(0)),
        .init("features", \.features, .description("Features of the file that some renderer does not draw.")),
        .init("frames", \.frames, .minimum(1)),
        .init("height", \.height, .minimum(1)),
        .init("poster", \.poster),
        .init("src", \.src, .description("The Lottie JSON, for an app's own player.")),
        .init("width", \.width, .minimum(1)),
    ]

    public init() {}

    public init(src: String, poster: String, width: Int, height: Int, frames: Int, durationMS: Int, features: [ManifestAnimationFeature]) {
        self.src = src
        self.poster = poster
        self.width = width
        self.height = height
        self.frames = frames
        self.durationMS = durationMS
        self.features = features
    }
}

/// A feature of a Lottie file that some renderer does not draw, as the renderers' published
/// feature tables say.
public struct ManifestAnimationFeature: ManifestObject {
    /// The feature: `expressions`, `text_layer`, `merge_paths`, `luma_matte`…
    public var feature = ""
    /// The layers that use it, by name.
    public var layers: [String] = []
    /// The renderers whose tables mark it unknown or do not list it.
    public var unknown: [String] = []
    /// The renderers that do not draw it: `rlottie`, `lottie-web`, `lottie-ios`, `lottie-android`.
    public var unsupported: [String] = []

    public static let schemaName = "animation_feature"
    public static let fields: [ManifestField<ManifestAnimationFeature>] = [
        .init("feature", \.feature),
        .init("layers", \.layers),
        .init("unknown", \.unknown),
        .init("unsupported", \.unsupported),
    ]

    public init() {}

    public init(feature: String, layers: [String], unsupported: [String], unknown: [String]) {
        self.feature = feature
        self.layers = layers
        self.unsupported = unsupported
        self.unknown = unknown
    }
}

/// A video a page shows, with what an app needs to play it as the page does.
public struct ManifestVideo: ManifestObject {
    /// Whether it plays by itself, muted and looping (never for readers who prefer reduced motion).
    public var autoplay = false
    public var captions: [ManifestCaption] = []
    /// Its size, turned as it plays.
    public var height = 1
    /// The still shown before it plays, or `nil`.
    public var poster: String?
    /// Its URL, relative to the flow's `url` (or absolute when the site has a base URL).
    public var src = ""
    public var width = 1

    public static let schemaName = "video"
    public static let fields: [ManifestField<ManifestVideo>] = [
        .init("autoplay", \.autoplay),
        .init("captions", \.captions),
        .init("height", \.height, .minimum(1)),
        .init("poster", \.poster),
        .init("src", \.src),
        .init("width", \.width, .minimum(1)),
    ]

    public init() {}

    public init(src: String, width: Int, height: Int, poster: String?, captions: [ManifestCaption], autoplay: Bool) {
        self.src = src
        self.width = width
        self.height = height
        self.poster = poster
        self.captions = captions
        self.autoplay = autoplay
    }
}

/// A WebVTT captions track of a video.
public struct ManifestCaption: ManifestObject {
    /// The captions' language name in that language (`한국어`).
    public var label = ""
    /// The captions' language, a BCP 47 tag.
    public var lang = ""
    public var src = ""

    public static let schemaName = "caption"
    public static let fields: [ManifestField<ManifestCaption>] = [
        .init("label", \.label),
        .init("lang", \.lang, .locale),
        .init("src", \.src),
    ]

    public init() {}

    public init(src: String, lang: String, label: String) {
        self.src = src
        self.lang = lang
        self.label = label
    }
}
