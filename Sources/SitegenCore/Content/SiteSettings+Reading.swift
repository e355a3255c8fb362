import Diagnostics
import FrontMatter
import Markdown

/// The site settings as `sitegen.yml` sets them.
extension SiteSettings {
    /// Reads `sitegen.yml`; a site without one gets the defaults. `stringKeys` are the interface
    /// strings the theme defines, the only ones `strings:` may set; `themeDefaults` the theme's
    /// own colours, which the site's are measured against.
    package static func read(
        _ file: SourceFile?, stringKeys: [String], themeDefaults: [String: ThemeSettings.Value] = [:]
    ) -> (SiteSettings, [Diagnostic]) {
        var settings = SiteSettings()
        guard let file else { return (settings, []) }
        let root: YAMLNode?
        switch FrontMatter.parseYAMLFile(file) {
        case .success(let node): root = node
        case .failure(let diagnostic): return (settings, [diagnostic])
        }
        var reader = FieldReader(root, keys: keys, file: file, context: "sitegen.yml")
        settings.title = reader.string("title") ?? settings.title
        settings.description = reader.string("description") ?? ""
        if let node = reader.node("base_url"), let url = reader.string("base_url") {
            if let baseURL = BaseURL(url) {
                settings.baseURL = baseURL
            } else {
                reader.report(BaseURL.problem(url, givenAs: "'base_url'"), at: node)
            }
        }
        settings.locale = reader.locale("locale") ?? settings.locale
        if let node = reader.node("output"), let output = reader.string("output") {
            // Where a build writes is the operator's choice (--output), not the content's: a site's
            // own setting stays inside the site.
            if let inside = Path.normalize(output), !output.hasPrefix("/"), !inside.isEmpty {
                settings.outputDirectory = inside
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
        settings.theme = reader.mapping("theme", keys: ThemeSettings.keys) { ThemeSettings.read(&$0) } ?? settings.theme
        var diagnostics = reader.diagnostics
        diagnostics += settings.theme.contrastWarnings(
            file: file, at: reader.node("theme")?.location, defaults: themeDefaults)
        if let strings = reader.node("strings") {
            settings.strings = StringTable.readLocales(
                strings, keys: stringKeys, file: file, context: "'strings'", diagnostics: &diagnostics)
        }
        return (settings, diagnostics)
    }
}
