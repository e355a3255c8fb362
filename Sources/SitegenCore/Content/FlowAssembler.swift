import Diagnostics
import FrontMatter
import Markdown
import OnboardingKit

/// Builds a flow from its folder: settings with defaults, pages parsed, ordered and numbered,
/// ids checked for clashes, drafts left out unless asked for.
struct FlowAssembler: Sendable {
    let parser: PageParser
    let site: SiteSettings
    let strings: StringTable
    let includeDrafts: Bool
    /// False in the preview, which always shows a flow, whatever its `show_once` says.
    var gatesShowOnce = true

    /// A prefix for each page's footnote ids, from its file name and unique in the flow
    /// (`02-setup.md` gives `02-setup-`, so its first footnote is `fn-02-setup-1`).
    static func footnotePrefixes(_ names: [String]) -> [String] {
        var taken: Set<String> = []
        return names.map { name in
            let slug = PageNaming.slugify(PageNaming.stem(of: name))
            let base = slug.isEmpty ? "page" : slug
            var prefix = base
            var number = 2
            while taken.contains(prefix) {
                prefix = "\(base)-\(number)"
                number += 1
            }
            taken.insert(prefix)
            return prefix + "-"
        }
    }

    /// The site index, where a flow's finish link goes unless the flow says otherwise.
    static let defaultFinishHref = "../"

    func assemble(_ source: FlowSources, displayDirectory: String) -> (Flow?, [Asset], [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var front = FlowFrontMatter()
        var descriptionFromBody = ""
        var version = ContentHash()
        if let index = source.index {
            version.add(index.text)
            switch FrontMatter.parse(index) {
            case .success(let split):
                let (fields, problems) = FlowFrontMatter.read(split.fields, file: index)
                front = fields
                diagnostics += split.warnings + problems
                descriptionFromBody = Markdown.render(split.body, options: site.markdown, plainText: true).plainText
            case .failure(let diagnostic):
                diagnostics.append(diagnostic)
            }
        }

        var pages: [ParsedPage] = []
        var draftsLeftOut = 0
        var images = ResolvedImages()
        var parser = self.parser
        parser.markdown.alertTitles = Self.alertTitles(strings.strings(for: front.locale ?? site.locale))
        let prefixes = Self.footnotePrefixes(source.pages.map(\.name))
        for (file, prefix) in zip(source.pages, prefixes) {
            let (parsed, problems) = parser.parse(file, in: source, images: &images, footnotePrefix: prefix)
            if let parsed, parsed.frontMatter.draft, !includeDrafts {
                draftsLeftOut += 1
                continue
            }
            diagnostics += problems
            if let parsed { pages.append(parsed) }
        }
        pages.sort { $0.sortKey < $1.sortKey }

        if pages.isEmpty, source.unreadablePages == 0, !diagnostics.hasErrors {
            let drafts = draftsLeftOut > 0 ? " (\(draftsLeftOut) draft\(draftsLeftOut == 1 ? "" : "s") left out; build with --drafts to include them)" : ""
            diagnostics.append(.error("flow '\(source.slug)' has no pages\(drafts): add a Markdown file such as 01-welcome.md", path: displayDirectory))
        }
        diagnostics += PageIDs.assign(&pages)

        let settings = flowSettings(front, slug: source.slug)
        var assets: [Asset] = []
        var modelPages: [ManifestPage] = []
        for (index, parsed) in pages.enumerated() {
            version.add(parsed.file.text)
            parsed.imageDigests.forEach { version.add($0) }
            assets += parsed.assets
            let front = parsed.frontMatter
            modelPages.append(
                ManifestPage(
                    id: parsed.id, index: index, title: parsed.title ?? PageNaming.humanize(parsed.id), html: parsed.html,
                    image: parsed.image, source: Path.join(source.slug, parsed.name),
                    settings: PageSettings(
                        skip: front.skip ?? true, action: front.action, advance: front.advance ?? .auto,
                        background: front.background, cssClass: front.cssClass, draft: front.draft)))
        }
        guard !diagnostics.hasErrors else { return (nil, [], diagnostics) }
        let flow = Flow(
            ManifestFlow(
                id: source.slug, title: front.title ?? PageNaming.humanize(source.slug),
                description: front.description ?? descriptionFromBody, url: Path.urlEncoded(source.slug) + "/",
                contentVersion: version.hex, settings: settings, pages: modelPages),
            order: front.order)
        return (flow, assets, diagnostics)
    }

    /// The titles of alerts in a flow's language: the strings `alert_note`, `alert_tip`…
    static func alertTitles(_ text: [String: String]) -> [AlertKind: String] {
        var titles: [AlertKind: String] = [:]
        for kind in AlertKind.allCases { titles[kind] = text["alert_\(kind.rawValue)"] }
        return titles
    }

    private func flowSettings(_ front: FlowFrontMatter, slug: String) -> FlowSettings {
        let locale = front.locale ?? site.locale
        let text = strings.strings(for: locale)
        return FlowSettings(
            skip: SkipSettings(
                enabled: front.skipEnabled ?? true, label: front.skipLabel ?? text["skip", default: ""],
                target: front.skipTarget ?? .last),
            finish: LinkAction(
                label: front.finishLabel ?? text["finish", default: ""], href: front.finishHref ?? Self.defaultFinishHref),
            showOnce: gatesShowOnce && front.showOnce == true,
            storageKey: FirstRunGate.key(for: front.storageKey ?? slug),
            transition: front.transition ?? .slide,
            orientation: front.orientation ?? .horizontal,
            locale: locale,
            direction: front.direction ?? TextDirection.of(locale: locale))
    }
}
