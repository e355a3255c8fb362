import OnboardingKit

/// What the site index shows of a flow, and where it goes in the order: all a build needs of a
/// flow it did not rebuild, so the build cache keeps it.
package struct FlowSummary: Sendable, Equatable {
    package var slug: String
    package var title: String
    package var description: String
    package var order: Int?
    package var locale: String
    package var direction: TextDirection
    package var pageCount: Int
    /// The first page image, its `src` relative to the flow's folder.
    package var image: ManifestImage?
    /// What embed.js needs to decide whether to show the flow on a visit, without loading it.
    package var storageKey: String
    package var contentVersion: String
    package var showOnce: Bool
    /// The flow in the site's other languages, in the order of `locales:`.
    package var translations: [FlowSummary] = []

    package init(_ flow: Flow) {
        slug = flow.slug
        title = flow.title
        description = flow.description
        order = flow.order
        locale = flow.settings.locale
        direction = flow.settings.direction
        pageCount = flow.pages.count
        image = flow.pages.lazy.compactMap(\.image).first
        storageKey = flow.settings.storageKey
        contentVersion = flow.contentVersion
        showOnce = flow.settings.showOnce
        translations = flow.translations.map(FlowSummary.init)
    }

    /// The flow as the index in `locale` lists it: its translation, or itself.
    func localized(_ locale: String) -> FlowSummary {
        translations.first { $0.locale == locale } ?? self
    }

    init(
        slug: String, title: String, description: String, order: Int?, locale: String, direction: TextDirection,
        pageCount: Int, image: ManifestImage?, storageKey: String, contentVersion: String, showOnce: Bool
    ) {
        self.storageKey = storageKey
        self.contentVersion = contentVersion
        self.showOnce = showOnce
        self.slug = slug
        self.title = title
        self.description = description
        self.order = order
        self.locale = locale
        self.direction = direction
        self.pageCount = pageCount
        self.image = image
    }

    /// The site index lists flows by `order`, then by slug.
    static func precedes(_ a: FlowSummary, _ b: FlowSummary) -> Bool {
        (a.order ?? Int.max, a.slug) < (b.order ?? Int.max, b.slug)
    }
}
