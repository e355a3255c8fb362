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
    /// The flow in each of the site's other languages, every page already resolved along the
    /// locale's fallback chain (`ManifestPage.fallback` marks those shown in another language).
    /// Empty for a site in one language, and in a translation itself.
    public var translations: [ManifestFlow] = []
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
        .init(
            "translations", \.translations, missing: [],
            .description("The flow in the site's other languages, each with its own locale (settings.locale), url and content version.")),
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

    /// The locale of the flow and of each of its translations, the source first.
    public var locales: [String] { [settings.locale] + translations.map(\.settings.locale) }

    /// The flow in the language that suits a reader who prefers `preferredLanguages` (most
    /// preferred first, as `Locale.preferredLanguages` gives them), by `LocaleResolver`'s rules:
    /// the flow itself when no translation fits.
    public func localized(for preferredLanguages: [String]) -> ManifestFlow {
        let locale = LocaleResolver.resolve(preferred: preferredLanguages, available: locales, source: settings.locale)
        return translations.first { $0.settings.locale == locale } ?? self
    }
}
