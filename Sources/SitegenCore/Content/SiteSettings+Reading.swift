import Diagnostics
import FrontMatter
import Markdown

/// The site settings as `sitegen.yml` sets them.
extension SiteSettings {
    /// Reads `sitegen.yml`; a site without one gets the defaults. `stringKeys` are the interface
    /// strings the theme defines, the only ones `strings:` may set; `themeDefaults` the theme's
    /// own colours, which the site's are measured against.
    package static func read(
        _ file: SourceFile?, stringKeys: [String], stringPlaceholders: [String: Set<String>] = [:],
        themeDefaults: [String: ThemeSettings.Value] = [:]
    ) -> (SiteSettings, [Diagnostic]) {
        var settings = SiteSettings()
        guard let file else { return (settings, []) }
        let root: YAMLNode?
        switch FrontMatter.parseYAMLFile(file) {
        case .success(let node): root = node
        case .failure(let diagnostic): return (settings, [diagnostic])
        }
        var reader = FieldReader(root, keys: keys, file: file, context: "sitegen.yml")
        settings.title = reader.nonBlankString("title") ?? settings.title
        settings.description = reader.string("description") ?? ""
        if let node = reader.node("base_url"), let url = reader.string("base_url") {
            if let baseURL = BaseURL(url) {
                settings.baseURL = baseURL
            } else {
                reader.report(BaseURL.problem(url, givenAs: "'base_url'"), at: node)
            }
        }
        settings.locale = reader.locale("locale") ?? settings.locale
        if let node = reader.node("locale") { settings.localeLocations[settings.locale] = node.location }
        if let node = reader.node("locales") {
            let listed = readLocales(node, reader: &reader)
            let locales = listed.map(\.tag)
            for entry in listed { settings.localeLocations[entry.tag] = entry.node.location }
            if let source = locales.first {
                if let named = reader.node("locale"), named.scalarText != source {
                    reader.report("'locale' is '\(named.scalarText ?? "")' but 'locales' starts with '\(source)': the first of 'locales' is the source locale; drop 'locale'", at: named)
                }
                settings.locale = source
                settings.translatedLocales = Array(locales.dropFirst())
            }
        }
        settings.requireTranslations = reader.bool("require_translations") ?? false
        if let node = reader.node("output"), let output = reader.string("output") {
            // Where a build writes is the operator's choice (--output), not the content's: a site's
            // own setting stays inside the site.
            if let inside = Path.normalize(output), !output.hasPrefix("/"), !inside.isEmpty {
                settings.outputDirectory = inside
                settings.outputSettingLocation = node.location
            } else {
                reader.report("'output' must be a folder inside the site, such as 'public', not '\(output)'; build elsewhere with --output", at: node)
            }
        }
        let markdownKeys = [
            "smart", "hardbreaks", "unsafe", "tables", "strikethrough", "autolinks", "tasklists", "footnotes", "alerts", "highlight",
        ]
        var highlight = true
        settings.markdown = reader.mapping("markdown", keys: markdownKeys) { markdown in
            highlight = markdown.bool("highlight") ?? true
            return MarkdownOptions(
                smart: markdown.bool("smart") ?? false,
                hardBreaks: markdown.bool("hardbreaks") ?? false,
                unsafe: markdown.bool("unsafe") ?? false,
                extensions: MarkdownExtensions(
                    tables: markdown.bool("tables") ?? true, strikethrough: markdown.bool("strikethrough") ?? true,
                    autolinks: markdown.bool("autolinks") ?? true, taskLists: markdown.bool("tasklists") ?? true,
                    footnotes: markdown.bool("footnotes") ?? true, alerts: markdown.bool("alerts") ?? true),
                breaksInHeadings: true)
        } ?? settings.markdown
        settings.highlight = highlight
        settings.responsiveImages = reader.mapping("images", keys: ["responsive"]) { $0.bool("responsive") ?? true } ?? true
        settings.theme = reader.mapping("theme", keys: ThemeSettings.keys) { ThemeSettings.read(&$0) } ?? settings.theme
        var diagnostics = reader.diagnostics
        diagnostics += settings.theme.contrastWarnings(file: file, in: reader.node("theme"), defaults: themeDefaults)
        if let strings = reader.node("strings") {
            settings.strings = StringTable.readLocales(
                strings, keys: stringKeys, placeholders: stringPlaceholders, file: file, context: "'strings'", diagnostics: &diagnostics)
        }
        return (settings, diagnostics)
    }

    /// A tag in the case BCP 47 writes it (`KO` is `ko`, `zh-hant-tw` is `zh-Hant-TW`), which
    /// is how its folder, its `lang` and its files are named.
    static func canonical(_ tag: String) -> String {
        Validation.canonicalLanguageTag(tag)
    }

    /// The longest language tag `locales:` takes (RFC 5646 suggests 35 characters suffice).
    static let maximumTagLength = 35

    /// The most languages a site may list: each multiplies the pages a build writes.
    static let maximumLocales = 64

    /// `locales:`, a list of language tags, the source first, each once.
    private static func readLocales(_ node: YAMLNode, reader: inout FieldReader) -> [(tag: String, node: YAMLNode)] {
        guard case .sequence(let items) = node.kind, !items.isEmpty else {
            reader.report("'locales' must list language tags, the source first, such as [en, ko, ja]", at: node)
            return []
        }
        guard items.count <= maximumLocales else {
            reader.report("'locales' lists \(items.count) languages; a site may have at most \(maximumLocales)", at: node)
            return []
        }
        var locales: [(tag: String, node: YAMLNode)] = []
        var seen: Set<String> = []
        for item in items {
            // `null` and `true` are YAML's, not languages (`no`, Norwegian, is a string in YAML 1.2).
            let isText = item.resolved.map { if case .string = $0 { return true } else { return false } } ?? true
            guard let tag = item.scalarText, isText, Validation.isLanguageTag(tag) else {
                reader.report("'\(item.scalarText ?? "")' in 'locales' is not a language tag such as 'en' or 'pt-BR'", at: item)
                continue
            }
            guard tag.utf8.count <= maximumTagLength else {
                reader.report("'\(tag.prefix(40))…' in 'locales' is \(tag.utf8.count) characters long; a language tag is at most \(maximumTagLength)", at: item)
                continue
            }
            if let name = ContentLayout.reservedSlugs.first(where: { $0 == tag.lowercased() }) {
                reader.report("'\(tag)' in 'locales' would put its pages over the output's own '\(name)'", at: item)
                continue
            }
            guard seen.insert(tag.lowercased()).inserted else {
                reader.report("'\(tag)' is listed twice in 'locales'", at: item)
                continue
            }
            locales.append((canonical(tag), item))
        }
        return locales
    }
}
