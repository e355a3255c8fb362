import Mustache
import OnboardingKit

/// What the templates see: the model as Mustache values, with every label already worded in the
/// document's language. Keys are always present (null when empty), so `check --strict` can tell
/// a misspelt name from a missing value.
struct TemplateData: Sendable {
    let settings: SiteSettings
    let strings: StringTable
    /// Whether the site has its own stylesheet for the layout to link.
    var hasCustomStylesheet = false

    /// The site index in `locale` (the source's when nil), from a summary of each flow in index order.
    func index(_ summaries: [FlowSummary], locale: String? = nil) -> MustacheValue {
        let locale = locale ?? settings.locale
        let text = strings.strings(for: locale)
        let root = locale == settings.locale ? "" : "../"
        // Text the translation did not change is the source's, and says so (`lang`), so that it
        // is read, and laid out, in its own language.
        let sourceLanguage: MustacheValue = locale == settings.locale
            ? .null : ["lang": .string(settings.locale), "dir": .string(TextDirection.of(locale: settings.locale).rawValue)]
        let flows: [MustacheValue] = summaries.map { source in (source, source.localized(locale)) }.map { source, flow in
            let flowText = strings.strings(for: flow.locale)
            let count = flow.pageCount
            let countLabel = count == 1
                ? flowText["page_count_one", default: ""]
                : StringTable.format(flowText["page_count", default: ""], ["count": String(count)])
            return [
                "id": .string(flow.slug), "title": .string(flow.title), "description": .string(flow.description),
                "url": .string(Path.urlEncoded(flow.slug) + "/"), "lang": .string(flow.locale),
                "title_source": flow.title == source.title ? sourceLanguage : .null,
                "description_source": flow.description == source.description ? sourceLanguage : .null,
                "dir": .string(flow.direction.rawValue), "page_count": .int(count),
                "page_count_label": .string(countLabel),
                "image": flow.image.map { image in
                    let folder = Path.urlEncoded(flow.slug) + "/"
                    // A translation's image is its flow's own (`../../tour/a.png` from `ko/tour/`): from `ko/`, `../tour/a.png`.
                    return Self.image(image.mappingURLs { Path.collapsed(folder + $0) }, eager: false, sizes: Self.cardSizes)
                } ?? .null,
            ]
        }
        return document(
            title: settings.title, description: settings.description, locale: locale,
            direction: TextDirection.of(locale: locale), root: root, strings: text,
            languages: languages(current: locale, root: root) { $0 }, extra: [("flows", .array(flows)), ("site_source", sourceLanguage)])
    }

    /// A flow's page, in the language `flow` is in; `contentVersions` are those of every language
    /// of the flow, which finishing it records (`FirstRunGate.record`).
    /// Words a translation shows unchanged from `source` (its flow's, which its own files do not
    /// replace) are said to be in `source`'s language, as the site index's cards say.
    func flow(_ flow: Flow, source: Flow? = nil, contentVersions: [String]) -> MustacheValue {
        let settings = flow.settings
        let words = SourceWords(source: source, shownIn: settings.locale)
        // A translation's page is one folder deeper: `ko/tour/`.
        let root = flow.outputFolder.contains("/") ? "../../" : "../"
        let text = strings.strings(for: settings.locale)
        // Found once for the flow, whose pages repeat its labels.
        let labelSources = (
            skip: words.of(settings.skip.label, source?.settings.skip.label, unless: text["skip"]),
            finish: words.of(settings.finish.label, source?.settings.finish.label, unless: text["finish"])
        )
        let count = String(flow.pages.count)
        let title = flow.title == self.settings.title ? flow.title : "\(flow.title) · \(self.settings.title)"
        let hasCode = flow.pages.contains { !$0.codeBlocks.isEmpty }
        let flowValue: MustacheValue = [
            "id": .string(flow.slug), "title": .string(flow.title), "description": .string(flow.description),
            "carousel_label": .string(StringTable.format(text["carousel_label", default: ""], ["title": flow.title])),
            "transition": .string(settings.transition.rawValue), "orientation": .string(settings.orientation.rawValue),
            "show_once": .bool(settings.showOnce), "storage_key": .string(settings.storageKey),
            "content_version": .string(flow.contentVersion), "content_versions": .string(contentVersions.joined(separator: " ")), "skip_target": .string(settings.skip.target.rawValue),
            "title_source": words.of(flow.title, source?.title),
            "finish": [
                "label": .string(settings.finish.label), "href": .string(settings.finish.href),
                "source": labelSources.finish,
            ],
            "skip": [
                "enabled": .bool(settings.skip.enabled), "label": .string(settings.skip.label),
                "href": .string(Self.skipHref(flow)), "source": labelSources.skip,
            ],
            "page_count": .int(flow.pages.count),
            "compact_indicator": .bool(flow.pages.count > Self.dotLimit),
            "has_code": .bool(hasCode),
            // Every setting as the manifest has it (`FlowSettingField`), so a new one reaches the templates too.
            "settings": MustacheValue(settings.manifestJSON),
        ]
        let indicatorLabel = StringPattern(text["indicator_label", default: ""])
        let positionLabel = StringPattern(text["page_position", default: ""])
        let indicatorLabels = flow.pages.map { page in indicatorLabel(["n": String(page.index + 1), "title": page.title]) }
        // A long flow has a count and a list of its pages instead of a dot per page on every page,
        // so that its document grows with its pages, not with their square.
        let indicators = flow.pages.count > Self.dotLimit ? nil : Indicators(flow.pages, labels: indicatorLabels)
        let pages = flow.pages.map { page in
            self.page(
                page: page, in: flow, count: count, positionLabel: positionLabel, indicatorLabel: indicatorLabels[page.index],
                indicators: indicators, words: words, source: words.source?.pages.first { $0.id == page.id },
                labelSources: labelSources)
        }
        let slug = Path.urlEncoded(flow.slug) + "/"
        return document(
            title: title, description: flow.description, locale: settings.locale, direction: settings.direction,
            root: root, strings: text, hasCode: hasCode, languages: languages(current: settings.locale, root: root) { $0 + slug },
            extra: [("flow", flowValue), ("pages", .array(pages))])
    }

    /// The page indicators of a flow, each page's list differing only in which one is current.
    private struct Indicators {
        private let plain: [MustacheValue]
        private let current: [MustacheValue]

        init(_ pages: [ManifestPage], labels: [String]) {
            func indicator(_ page: ManifestPage, current: Bool) -> MustacheValue {
                [
                    "href": .string("#" + page.id), "number": .int(page.index + 1), "current": .bool(current),
                    "label": .string(labels[page.index]),
                ]
            }
            plain = pages.map { indicator($0, current: false) }
            current = pages.map { indicator($0, current: true) }
        }

        func list(current index: Int) -> MustacheValue {
            var list = plain
            list[index] = current[index]
            return .array(list)
        }
    }

    /// The most pages a flow shows a dot for; a longer flow shows "12 / 61" and a list of pages.
    static let dotLimit = 10

    private func page(
        page: ManifestPage, in flow: Flow, count: String, positionLabel: StringPattern, indicatorLabel: String, indicators: Indicators?,
        words: SourceWords, source: ManifestPage?, labelSources: (skip: MustacheValue, finish: MustacheValue)
    ) -> MustacheValue {
        // A page shown for want of a translation is in its language whole; a translated page's
        // image text and action label may be its source's, where its front matter sets none.
        let ownWords = page.fallback ? SourceWords(source: nil, shownIn: "") : words
        let pages = flow.pages
        let number = String(page.index + 1)
        let isLast = page.index == pages.count - 1
        let skip = flow.settings.skip
        let showsSkip = skip.enabled && page.settings.skip && !isLast
        func link(_ other: ManifestPage?) -> MustacheValue {
            other.map { ["id": .string($0.id), "href": .string("#" + $0.id)] } ?? .null
        }
        return [
            "id": .string(page.id), "index": .int(page.index), "number": .string(number), "title": .string(page.title),
            // A page shown for want of a translation says which language it is really in.
            "lang": page.fallback ? .string(page.lang) : .null,
            "dir": page.fallback ? .string(TextDirection.of(locale: page.lang).rawValue) : .null,
            "html": .string(page.html), "first": .bool(page.index == 0), "last": .bool(isLast),
            "position_label": .string(positionLabel(["n": number, "count": count])),
            "image": page.image.map { image in Self.image(image, eager: page.index == 0) } ?? .null,
            "previous": link(page.index > 0 ? pages[page.index - 1] : nil),
            "next": link(isLast ? nil : pages[page.index + 1]),
            "skip": showsSkip ? ["label": .string(skip.label), "href": .string(Self.skipHref(flow)), "source": labelSources.skip] : .null,
            "indicator_label": .string(indicatorLabel),
            "finish": isLast
                ? [
                    "label": .string(flow.settings.finish.label), "href": .string(flow.settings.finish.href),
                    "source": labelSources.finish,
                ]
                : .null,
            "action": page.settings.action.map { ["label": .string($0.label), "href": .string($0.href)] } ?? .null,
            "action_source": ownWords.of(page.settings.action?.label, source?.settings.action?.label),
            "alt_source": ownWords.of(page.image?.alt, source?.image?.alt),
            "advance_action": .bool(page.settings.advance == .action),
            "background": MustacheValue(page.settings.background),
            "style": MustacheValue(page.settings.background.map(Self.backgroundStyle)),
            "class": MustacheValue(page.settings.cssClass),
            // Every setting as the manifest has it (`PageSettingField`), so a new one reaches the templates too.
            "settings": MustacheValue(page.settings.manifestJSON),
            "indicators": indicators?.list(current: page.index) ?? .null,
        ]
    }

    /// The language of the words a translation shows unchanged from its source: `lang` and `dir`
    /// for their element, or null where they are the translation's own (or there is no source).
    struct SourceWords {
        let source: Flow?
        private let language: MustacheValue

        init(source: Flow?, shownIn locale: String) {
            let sourceLocale = source?.settings.locale
            self.source = sourceLocale == locale ? nil : source
            language = source.flatMap { source in
                sourceLocale == locale ? nil : ["lang": .string(source.settings.locale), "dir": .string(source.settings.direction.rawValue)]
            } ?? .null
        }

        /// The source's language when `text` is non-empty and the same as the source's, unless it
        /// is `localWord`, the word the site's or theme's strings give the label in the locale.
        func of(_ text: String?, _ sourceText: String?, unless localWord: String? = nil) -> MustacheValue {
            guard source != nil, let text, !text.isEmpty, text == sourceText, text != localWord else { return .null }
            return language
        }
    }

    /// A page's background, with the colour scheme that keeps text readable on it where the
    /// colour can be measured: the theme's dark text on a light background, even in dark mode.
    static func backgroundStyle(_ background: String) -> String {
        var style = "--sg-page-background: \(background)"
        if let onWhite = ColorContrast.ratio(background, "#ffffff"), let onBlack = ColorContrast.ratio(background, "#000000") {
            style += "; color-scheme: \(onBlack >= onWhite ? "light" : "dark")"
        }
        return style
    }

    /// Where Skip goes: the last page, or out of the flow to its finish link.
    private static func skipHref(_ flow: Flow) -> String {
        flow.settings.skip.target == .last ? "#" + (flow.pages.last?.id ?? "") : flow.settings.finish.href
    }

    /// The same document in each of the site's languages, for the language switcher and the
    /// `hreflang` links: `address` turns a locale's folder (`""`, `ko/`) into the document's
    /// address within it. Null for a site in one language.
    private func languages(current: String, root: String, address: (String) -> String) -> MustacheValue {
        guard !settings.translatedLocales.isEmpty else { return .null }
        let base = settings.baseURL?.text
        func href(_ locale: String) -> String {
            let path = address(locale == settings.locale ? "" : Path.urlEncoded(locale) + "/")
            let relative = root + path
            return base.map { $0 + path } ?? (relative.isEmpty ? "./" : relative)
        }
        let items: [MustacheValue] = settings.locales.map { locale in
            [
                "lang": .string(locale), "name": .string(LanguageNames.native(locale)), "href": .string(href(locale)),
                "dir": .string(TextDirection.of(locale: locale).rawValue), "current": .bool(locale == current),
                "source": .bool(locale == settings.locale),
            ]
        }
        return [
            "list": .array(items), "redirect": .bool(current == settings.locale),
            "default": .string(href(settings.locale)),
        ]
    }

    private func document(
        title: String, description: String, locale: String, direction: TextDirection, root: String,
        strings text: [String: String], hasCode: Bool = false, languages: MustacheValue = .null, extra: [(String, MustacheValue)]
    ) -> MustacheValue {
        var fields: MustacheObject = [
            "languages": languages,
            "title": .string(title), "description": .string(description), "lang": .string(locale),
            "dir": .string(direction.rawValue), "root": .string(root),
            "site": [
                "title": .string(settings.title), "description": .string(settings.description),
                "base_url": MustacheValue(settings.baseURL?.text),
            ],
            "generator": ["name": .string(SitegenVersion.name), "version": .string(SitegenVersion.version)],
            "favicon": MustacheValue(settings.favicon.map { root + Path.urlEncoded($0) }),
            "code_stylesheet": hasCode ? .string(root + SiteRenderer.codeStylesheetPath) : .null,
            "custom_stylesheet": hasCustomStylesheet ? .string(root + SiteRenderer.customStylesheetPath) : .null,
            "strings": .object(MustacheObject(text.mapValues(MustacheValue.string))),
        ]
        for (name, value) in extra { fields.append(name, value) }
        return .object(fields)
    }
}
