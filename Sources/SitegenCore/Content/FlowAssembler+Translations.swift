import Diagnostics
import FrontMatter
import Markdown
import OnboardingKit

/// A flow in each of the site's languages: the source, then a translation per other locale,
/// page by page the best file along the locale's fallback chain.
extension FlowAssembler {
    /// The flow assembled in its source language, with its translations into every other locale
    /// of the site (`ManifestFlow.translations`), their images, links and headings with the source's.
    /// The translations are assembled even where the source has errors, so that theirs are
    /// reported in the same build, not one fix later.
    func assemble(_ outline: Outline, directory: PageDirectory) -> Assembled {
        var assembled = assembleLocale(outline, directory: directory)
        guard !site.translatedLocales.isEmpty else { return assembled }
        var flow = assembled.flow
        var assets = Set(assembled.assets)
        var reported = Set(assembled.diagnostics)
        var linked = Set(assembled.linkedFlows)
        for locale in site.translatedLocales {
            let view = LocaleView(locale: locale, chain: LocaleResolver.chain(for: locale, available: site.locales, source: site.locale))
            let translated = assembleLocale(
                translation(of: outline, in: view, sourceTitles: assembled.titles), directory: directory, sourceHeadings: assembled.headings)
            for diagnostic in translated.diagnostics where reported.insert(diagnostic).inserted {
                assembled.diagnostics.append(diagnostic)
            }
            assets.formUnion(translated.assets)
            linked.formUnion(translated.linkedFlows)
            let prefix = view.outputPrefix
            assembled.checks += translated.checks.map { check in
                var check = check
                check.page = prefix + check.page
                return check
            }
            for (name, anchors) in translated.headings { assembled.headings[prefix + name] = anchors }
            if let model = translated.flow { flow?.manifest.translations.append(model.manifest) }
        }
        assembled.assets = assets.sorted()
        assembled.linkedFlows = linked.sorted()
        flow?.linkedFlows = assembled.linkedFlows
        assembled.flow = assembled.diagnostics.hasErrors ? nil : flow
        return assembled
    }

    /// The problem with a flow's own `locale:` (in `fields`, read as `locale`), if any: a site in
    /// several languages has no flows in a language of their own, and a locale sitegen has no
    /// strings for would show English buttons.
    func localeProblems(_ fields: YAMLNode?, locale: String, file: SourceFile) -> [Diagnostic] {
        guard let node = fields?.removing("locale").1 else { return [] }
        if !site.translatedLocales.isEmpty {
            return [
                file.error(
                    "a site in several languages (locales: \(site.locales.joined(separator: ", "))) writes each flow in '\(site.locale)' and translates it beside: drop 'locale', and name translations like _index.\(site.translatedLocales[0]).md",
                    at: node.location, length: node.length)
            ]
        }
        guard locale != site.locale, !strings.hasStrings(for: locale) else { return [] }
        return [file.warning(StringTable.missingProblem(locale), at: node.location, length: node.length)]
    }

    /// The settings a translation's `_index` may not set, with the reason: they make the flow one
    /// flow in every language (its first-visit record, its motion, its place, where it leads).
    static let sharedSettings: [(key: String, nested: String?)] = [
        ("show_once", nil), ("storage_key", nil), ("transition", nil), ("orientation", nil), ("order", nil), ("locale", nil),
        ("finish", "href"), ("skip", "target"),
    ]

    /// An error for each shared setting a translation's `_index` sets.
    static func sharedSettingProblems(_ fields: YAMLNode?, file: SourceFile) -> [Diagnostic] {
        guard case .mapping(let pairs) = fields?.kind else { return [] }
        var problems: [Diagnostic] = []
        for pair in pairs {
            guard let key = pair.key.scalarText, let shared = sharedSettings.first(where: { $0.key == key }) else { continue }
            if key == "skip", case .bool = pair.value.resolved {
                problems.append(
                    file.error("whether the flow has Skip is the same in every language: set it in _index.md, and translate only its label here",
                        at: pair.value.location, length: pair.value.length))
            } else if let nested = shared.nested {
                guard let node = pair.value.removing(nested).1 else { continue }
                problems.append(
                    file.error("'\(key).\(nested)' is the same in every language: set it in _index.md, and translate only the label here",
                        at: node.location, length: node.length))
            } else {
                problems.append(
                    file.error("'\(key)' is the same in every language of the flow: set it in _index.md", at: pair.key.location, length: pair.key.length))
            }
        }
        return problems
    }

    /// The outline of the flow as read in `view`'s locale: each page the first translation along
    /// the locale's chain (read over the source page's front matter), else the source page itself.
    /// `sourceTitles` (by page id) are the source pages' titles, their headings' included: a
    /// translation with neither a `title` nor a heading of its own is titled by its source's.
    func translation(of outline: Outline, in view: LocaleView, sourceTitles: [String: String] = [:]) -> Outline {
        var result = outline
        result.source.translation = view
        result.diagnostics = []
        let fallbacks = view.chain.dropLast()
        let slug = outline.source.slug
        var settingsFile = outline.source.index
        var fields = outline.indexFields
        var setsDirection = false
        if let locale = fallbacks.first(where: { outline.translations.indexes[$0] != nil }), let index = outline.translations.indexes[locale] {
            switch FrontMatter.parse(index) {
            case .success(let split):
                let (own, stamp) = split.fields?.removing(SourceStamp.key) ?? (nil, nil)
                if let repeated = SourceStamp.repeated(in: split.fields, file: index) { result.diagnostics.append(repeated) }
                if let stamp, case .failure(let problem) = SourceStamp.read(stamp) {
                    result.diagnostics.append(index.error(problem.message, at: stamp.location, length: stamp.length))
                }
                result.diagnostics += Self.sharedSettingProblems(own, file: index)
                fields = own.map { $0.merged(over: outline.indexFields) } ?? outline.indexFields
                setsDirection = own?.removing("dir").1 != nil
                settingsFile = index
                result.translatedIndex = index
                result.diagnostics += split.warnings
                let (body, warnings) = description(of: split, in: index)
                result.diagnostics += warnings
                if !body.isEmpty {
                    result.descriptionFromBody = body
                    // The body is the description in this language: the source's, in the
                    // source's language, is not read over it.
                    if own?.removing("description").1 == nil { fields = fields?.removing("description").0 }
                }
            case .failure(let diagnostic):
                result.diagnostics.append(diagnostic)
            }
        }
        if let settingsFile {
            let (front, problems) = FlowFrontMatter.read(fields, file: settingsFile) { _ in defaults(locale: view.locale, slug: slug) }
            result.front = front
            if settingsFile.path != outline.source.index?.path { result.diagnostics += problems }
        } else {
            result.front.settings = defaults(locale: view.locale, slug: slug)
        }
        // What makes the flow one flow in every language stays the source's.
        let shared = outline.front.settings
        result.front.order = outline.front.order
        result.front.settings.locale = view.locale
        result.front.settings.showOnce = shared.showOnce
        result.front.settings.storageKey = shared.storageKey
        result.front.settings.transition = shared.transition
        result.front.settings.orientation = shared.orientation
        result.front.settings.finish.href = shared.finish.href
        (result.front.settings.skip.enabled, result.front.settings.skip.target) = (shared.skip.enabled, shared.skip.target)
        // The source's `dir` is the source language's; a translation's own, or its locale's, applies.
        if !setsDirection { result.front.settings.direction = TextDirection.of(locale: view.locale) }

        result.pages = outline.pages.map { source in
            for locale in fallbacks {
                guard let file = outline.translations.pages[locale]?[source.name] else { continue }
                let (read, problems) = parser.readFrontMatter(file, over: source.fields, isTranslation: true)
                result.diagnostics += problems
                guard var page = read, includeDrafts || !page.frontMatter.settings.draft else { continue }
                (page.name, page.id, page.sortKey, page.sourceFile) = (source.name, source.id, source.sortKey, source.file)
                page.sourceTitle = page.sourceTitle ?? sourceTitles[source.id]
                (page.lang, page.fallback) = (locale, locale != view.locale)
                return page
            }
            var page = source
            page.fallback = true
            return page
        }
        return result
    }
}
