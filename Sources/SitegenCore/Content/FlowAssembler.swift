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
    /// (`02-setup.md` gives `02-setup--`, so its first footnote is `fn-02-setup--1`). The name's
    /// slug never holds `--`, so no two pages' prefixes and labels run together into one id.
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
            return prefix + "--"
        }
    }

    /// The site index, where a flow's finish link goes unless the flow says otherwise.
    static let defaultFinishHref = "../"

    /// A flow read as far as its front matter: settings, and its pages in order with their ids,
    /// drafts left out. What links between pages need from every flow before any is rendered.
    struct Outline: Sendable {
        var source: FlowSources
        var displayDirectory: String
        var front = FlowFrontMatter()
        /// `_index.md`'s front matter as written, which a translation's is read over.
        var indexFields: YAMLNode?
        /// The flow's translated pages and `_index`, by locale.
        var translations = FlowTranslations()
        /// In a translation, the `_index.<locale>.md` its settings were read from, if any.
        var translatedIndex: SourceFile?
        var descriptionFromBody = ""
        var pages: [ParsedPage] = []
        var drafts: Set<String> = []
        /// Pages whose front matter could not be read, by file name.
        var unreadable: Set<String> = []
        var diagnostics: [Diagnostic] = []

        /// Where the outline's pages are, for `PageDirectory`.
        var directory: PageDirectory.FlowPages {
            PageDirectory.FlowPages(
                ids: Dictionary(pages.map { ($0.name, $0.id) }) { first, _ in first }, drafts: drafts, firstID: pages.first?.id,
                unreadable: unreadable, unreadableIDs: Set(unreadable.map { PageNaming.defaultID(fileName: $0) }))
        }
    }

    /// A flow made from its outline.
    struct Assembled: Sendable {
        var flow: Flow?
        var assets: [Asset]
        var diagnostics: [Diagnostic]
        /// Links to headings of other flows, checked once every flow is assembled.
        var checks: [AnchorCheck]
        /// The anchors of each page's headings, by file name.
        var headings: [String: Set<String>]
        /// The other flows its links point to (or look for, when they find none).
        var linkedFlows: [String]
        /// Each page's title, by id, for its translations: known even when the flow has errors.
        var titles: [String: String] = [:]
    }

    /// Reads the flow's `_index.md` and the front matter of its pages, and orders and names them.
    func outline(_ source: FlowSources, displayDirectory: String) -> Outline {
        var source = source
        var outline = Outline(source: source, displayDirectory: displayDirectory)
        let split = FlowTranslations.split(source.pages, indexes: source.indexTranslations, locales: site.locales, displayDirectory: displayDirectory)
        (source.pages, outline.translations) = (split.sources, split.translations)
        outline.source = source
        outline.diagnostics += split.diagnostics
        outline.front.settings = defaults(locale: nil, slug: source.slug)
        if let index = source.index {
            switch FrontMatter.parse(index) {
            case .success(let split):
                let (fields, problems) = FlowFrontMatter.read(split.fields, file: index) { defaults(locale: $0, slug: source.slug) }
                outline.front = fields
                outline.indexFields = split.fields
                outline.diagnostics += split.warnings + problems
                outline.diagnostics += localeProblems(split.fields, locale: fields.settings.locale, file: index)
                let (description, warnings) = description(of: split, in: index)
                outline.descriptionFromBody = description
                outline.diagnostics += warnings
            case .failure(let diagnostic):
                outline.diagnostics.append(diagnostic)
            }
        }
        for file in source.pages {
            let (parsed, problems) = parser.readFrontMatter(file)
            if let parsed, parsed.frontMatter.settings.draft, !includeDrafts {
                outline.drafts.insert(parsed.name)
                continue
            }
            outline.diagnostics += problems
            if var parsed {
                parsed.lang = outline.front.settings.locale
                // Only translations are read over a page's front matter as written.
                if site.translatedLocales.isEmpty { parsed.fields = nil }
                outline.pages.append(parsed)
            } else {
                outline.unreadable.insert(file.name)
            }
        }
        outline.pages.sort { $0.sortKey < $1.sortKey }
        outline.diagnostics += PageIDs.assign(&outline.pages)
        return outline
    }

    /// Renders the outline's pages, their links resolved through `directory`, into the flow in
    /// the language it is read in (its source's, or a translation's, whose links to headings are
    /// also looked for among `sourceHeadings`, the source pages' anchors by file name).
    func assembleLocale(_ outline: Outline, directory: PageDirectory, sourceHeadings: [String: Set<String>] = [:]) -> Assembled {
        let source = outline.source
        let front = outline.front
        var diagnostics = outline.diagnostics
        var version = ContentHash()
        if let index = source.index { version.add(index.text) }
        if let translation = source.translation {
            version.add(translation.locale)
            if let index = outline.translatedIndex { version.add(index.text) }
        }

        var pages = outline.pages
        var images = ResolvedImages()
        var parser = self.parser
        let prefixes = Dictionary(zip(source.pages.map(\.name), Self.footnotePrefixes(source.pages.map(\.name)))) { first, _ in first }
        var checks: [AnchorCheck] = []
        var headings: [String: Set<String>] = [:]
        var linkedFlows: Set<String> = []
        var wordsLanguage: String?
        for index in pages.indices {
            // The words the body gains (alert titles, footnotes' links back) are in the language
            // it is written in: a fallback page's, inside its `lang`, are its own language's.
            // They are looked up again only when that language changes from the page before.
            let language = pages[index].fallback ? pages[index].lang : front.settings.locale
            if language != wordsLanguage {
                let text = strings.strings(for: language)
                parser.markdown.alertTitles = Self.alertTitles(text)
                parser.markdown.footnoteBackLabel = text["footnote_back"] ?? MarkdownOptions.englishFootnoteBackLabel
                wordsLanguage = language
            }
            let links = PageLinkResolver(directory: directory, flow: source.slug, pageID: pages[index].id)
            let (problems, found) = parser.render(
                &pages[index], in: source, images: &images, footnotePrefix: prefixes[pages[index].name] ?? "", links: links)
            diagnostics += problems
            checks += found.checks
            headings[pages[index].name] = found.headings
            linkedFlows.formUnion(found.flows)
        }
        let html = pages.reduce(0) { $0 + $1.html.utf8.count }
        if html > Self.maximumFlowHTML, !diagnostics.hasErrors, let largest = pages.max(by: { $0.html.utf8.count < $1.html.utf8.count }) {
            diagnostics.append(
                largest.file.error(
                    "the flow's pages make \(PageParser.mebibytes(html)) MiB of HTML together, more than the \(Self.maximumFlowHTML >> 20) MiB a flow may; this page makes \(PageParser.mebibytes(largest.html.utf8.count)) MiB: split the flow",
                    at: SourceLocation(line: largest.bodyStartLine, column: 1)))
        }
        var settings = front.settings
        settings.showOnce = gatesShowOnce && settings.showOnce
        var finishAssets: [Asset] = []
        let finish = resolveFinish(&settings, of: outline, lastPage: pages.last, directory: directory, assets: &finishAssets, linkedFlows: &linkedFlows)
        diagnostics += finish.diagnostics
        checks += finish.check.map { [$0] } ?? []
        // A file shown on several pages, or twice on one, is reported once.
        var reported: Set<Diagnostic> = []
        diagnostics = diagnostics.filter { reported.insert($0).inserted }
        if let translation = source.translation {
            for index in checks.indices { checks[index].locale = translation.locale }
        }
        var (own, others) = (checks.filter { $0.flow == source.slug }, checks.filter { $0.flow != source.slug })
        var known = headings
        if let translation = source.translation {
            // As across flows: the translation's pages under its prefix, the source's as they are.
            own = own.map { check in
                var check = check
                check.page = translation.outputPrefix + check.page
                return check
            }
            known = sourceHeadings.merging(headings.map { (translation.outputPrefix + $0.key, $0.value) }) { $1 }
        }
        diagnostics += Self.problems(with: own, headings: [source.slug: known])

        if pages.isEmpty, source.unreadablePages == 0, !diagnostics.hasErrors {
            let drafts = outline.drafts.isEmpty
                ? "" : " (\(outline.drafts.count) draft\(outline.drafts.count == 1 ? "" : "s") left out; build with --drafts to include them)"
            diagnostics.append(
                .error("flow '\(source.slug)' has no pages\(drafts): add a Markdown file such as 01-welcome.md", path: outline.displayDirectory))
        }

        var assets = finishAssets
        var modelPages: [ManifestPage] = []
        for (index, parsed) in pages.enumerated() {
            version.add(parsed.file.text)
            parsed.imageDigests.forEach { version.add($0) }
            assets += parsed.assets
            var pageSettings = parsed.frontMatter.settings
            pageSettings.action = parsed.action
            modelPages.append(
                ManifestPage(
                    id: parsed.id, index: index, title: parsed.title ?? PageNaming.humanize(parsed.id), html: parsed.html,
                    image: parsed.image, source: Path.join(source.slug, Path.fileName(of: parsed.file.path)),
                    settings: pageSettings,
                    codeBlocks: parsed.codeBlocks, lang: parsed.lang, fallback: parsed.fallback, animations: parsed.animations,
                    videos: parsed.videos))
        }
        diagnostics += Self.caseTwins(in: assets, flow: source.slug)
        let linked = linkedFlows.subtracting([source.slug]).sorted()
        // Only a source with translations to make needs them.
        let titles = source.translation != nil || site.translatedLocales.isEmpty
            ? [:] : Dictionary(modelPages.map { ($0.id, $0.title) }) { first, _ in first }
        guard !diagnostics.hasErrors else {
            return Assembled(flow: nil, assets: [], diagnostics: diagnostics, checks: others, headings: headings, linkedFlows: linked, titles: titles)
        }
        let flow = Flow(
            ManifestFlow(
                id: source.slug, title: front.title ?? PageNaming.humanize(source.slug),
                description: front.description ?? outline.descriptionFromBody,
                url: (source.translation?.outputPrefix ?? "") + Path.urlEncoded(source.slug) + "/",
                contentVersion: version.hex, settings: settings, pages: modelPages),
            order: front.order, linkedFlows: linked)
        return Assembled(flow: flow, assets: assets, diagnostics: diagnostics, checks: others, headings: headings, linkedFlows: linked, titles: titles)
    }

    /// Outlines and assembles one flow on its own, its links to other flows resolved against
    /// `directory` (every other flow's pages, when known).
    func assemble(_ source: FlowSources, displayDirectory: String, directory: PageDirectory = PageDirectory()) -> Assembled {
        let outline = outline(source, displayDirectory: displayDirectory)
        var directory = directory
        directory.flows[source.slug] = outline.directory
        return assemble(outline, directory: directory)
    }

    /// An error for each link to a heading that its page does not have; `headings` are each
    /// flow's pages' anchors, by file name.
    static func problems(with checks: [AnchorCheck], headings: [String: [String: Set<String>]]) -> [Diagnostic] {
        var reported: [String: Int] = [:]
        return checks.compactMap { check in
            problem(with: check, headings: headings, reported: &reported).map { diagnostic in
                var diagnostic = diagnostic
                if let field = check.field { diagnostic.message = "'\(field)': " + diagnostic.message }
                return diagnostic
            }
        }
    }

    /// The problem, if any, with one link to an anchor of another flow's page; `reported` counts
    /// each file's, which are given suggestions only up to a point.
    private static func problem(with check: AnchorCheck, headings: [String: [String: Set<String>]], reported: inout [String: Int]) -> Diagnostic? {
        let anchors = headings[check.flow]?[check.page] ?? []
        guard !anchors.contains(check.anchor) else { return nil }
        let count = reported[check.file.path, default: 0]
        reported[check.file.path] = count + 1
        if PageLinkResolver.isFootnoteID(check.anchor) {
            let footnotes = anchors.filter { $0.hasPrefix("fn-") }
            let hint = count < PageParser.suggestedLinkProblems && !footnotes.isEmpty
                ? Suggestion.didYouMean(check.anchor, in: footnotes.sorted()) : ""
            return check.file.error("link '\(check.written)' finds no footnote '\(check.anchor)' on \(check.page)\(hint)", at: check.location)
        }
        let headingAnchors = anchors.filter { !PageLinkResolver.isFootnoteID($0) }
        let hint = count < PageParser.suggestedLinkProblems ? PageLinkResolver.hint(check.anchor, headings: headingAnchors) : ""
        guard let locale = check.locale else {
            return check.file.error("link '\(check.written)' finds no heading '\(check.anchor)' on \(check.page)\(hint)", at: check.location)
        }
        // A translated heading has an anchor of its own. Not an error, so that a flow can be
        // translated page by page: the carousel opens the page the link names, at its top.
        // An anchor the source page lacks too is no translated heading, but a mistake.
        let page = Path.relative(check.page, to: locale) ?? check.page
        let sourceAnchors = headings[check.flow]?[page] ?? []
        guard sourceAnchors.contains(check.anchor) else {
            let sourceHint = count < PageParser.suggestedLinkProblems ? PageLinkResolver.hint(check.anchor, headings: sourceAnchors.union(headingAnchors).filter { !PageLinkResolver.isFootnoteID($0) }) : ""
            return check.file.error(
                "in '\(locale)', link '\(check.written)' finds no heading '\(check.anchor)' on \(page) nor on its translation\(sourceHint)", at: check.location)
        }
        return check.file.warning(
            "in '\(locale)', link '\(check.written)' finds no heading '\(check.anchor)' on the translation of \(page)\(hint), so it opens that page at its top; link to a heading of the translation in it",
            at: check.location)
    }

    /// The most HTML a flow's pages may make together (each may make `PageParser.maximumPageHTML`):
    /// its page and its `embed.js` each hold all of it.
    static let maximumFlowHTML = 32 << 20

    /// The titles of alerts in a flow's language: the strings `alert_note`, `alert_tip`…
    /// The plain text of an `_index.md` body, its flow's description, and what reading its
    /// Markdown warns of where it was written (raw HTML, whose tags the text leaves out).
    func description(of split: FrontMatter, in file: SourceFile) -> (String, [Diagnostic]) {
        let rendered = Markdown.render(split.body, options: site.markdown, plainText: true)
        let warnings = rendered.warnings.map { warning in
            file.warning(warning.message, at: file.location(line: split.bodyStartLine + warning.line - 1, readColumn: warning.byteColumn))
        }
        return (rendered.plainText, warnings)
    }

    static func alertTitles(_ text: [String: String]) -> [AlertKind: String] {
        var titles: [AlertKind: String] = [:]
        for kind in AlertKind.allCases { titles[kind] = text["alert_\(kind.rawValue)"] }
        return titles
    }

    /// The settings of a flow whose `_index.md` sets none, in `locale` (nil for the site's).
    func defaults(locale: String?, slug: String) -> FlowSettings {
        let locale = locale ?? site.locale
        let text = strings.strings(for: locale)
        var settings = FlowSettings(locale: locale)
        settings.skip = SkipSettings(enabled: true, label: text["skip", default: ""], target: .last)
        settings.finish = LinkAction(label: text["finish", default: ""], href: Self.defaultFinishHref)
        settings.storageKey = FirstRunGate.key(for: slug)
        return settings
    }
}
