import Mustache

/// Files of the output that no one flow makes (the site index, the manifest, the theme's assets,
/// the static files), each declared once with what it is made from, so that check, a first build
/// and a rebuild all make the same files, and a rebuild makes again only those whose inputs
/// changed. A new site-wide file is one more product in `SiteRenderer.siteProducts`.
struct SiteProduct: Sendable {
    var name: String
    /// A digest of what the files are made from besides the site's settings and theme, which
    /// every product depends on (see `ProductKeys.site`).
    var inputs: String
    var make: @Sendable () throws(MustacheRenderError) -> [OutputFile]
}

/// A flow's JSON as the manifest holds it: its bytes, or a file of them, and a name that is the
/// same exactly when the bytes are; `separated` when they start with what goes between two flows
/// (`ManifestBuilder.flowSeparator`), as the build cache's packs keep them.
struct ManifestFragment: Sendable {
    var name: String
    var piece: FilePiece
    var separated = false
}

extension SiteRenderer {
    /// Every site-wide product, for the flows whose summaries and manifest fragments are given
    /// in index order.
    func siteProducts(
        settings: SiteSettings, staticFiles: [Asset], summaries: [FlowSummary], fragments: [ManifestFragment]
    ) -> [SiteProduct] {
        let theme = self.theme
        let data = TemplateData(settings: settings, strings: theme.strings, hasCustomStylesheet: theme.customStylesheet != nil)
        let indexes = settings.locales.map { locale in
            (path: locale == settings.locale ? "index.html" : Path.join(locale, "index.html"), data: data.index(summaries, locale: locale))
        }
        var indexInputs = ContentHash()
        indexes.forEach { indexInputs.add($0.path + "\u{0}" + $0.data.digest) }
        var loaderInputs = ContentHash()
        loaderInputs.add(EmbedBuilder.loader(source: "", flows: summaries, locales: settings.locales, resolver: ""))
        var manifestInputs = ContentHash()
        fragments.forEach { manifestInputs.add($0.name) }
        var staticInputs = ContentHash()
        staticFiles.forEach { staticInputs.add($0.destination) }
        return [
            SiteProduct(name: "theme", inputs: "") {
                var files = [
                    OutputFile(path: Self.stylesheetPath, text: theme.stylesheet + settings.theme.css),
                    OutputFile(path: Self.scriptPath, text: theme.script),
                    OutputFile(path: Self.codeStylesheetPath, text: theme.codeStylesheet),
                    OutputFile(path: Self.codeScriptPath, text: theme.codeScript),
                    OutputFile(path: EmbedBuilder.codeStylesPath, text: EmbedBuilder.codeStyles(theme.codeStylesheet)),
                    OutputFile(path: ManifestBuilder.schemaFileName, text: ManifestBuilder.schemaText),
                    OutputFile(path: EmbedBuilder.dialogPath, text: theme.embedDialog),
                    embedStyles(settings: settings),
                ]
                if !settings.translatedLocales.isEmpty {
                    files.append(OutputFile(path: Self.localeScriptPath, text: EmbedBuilder.applied(theme.localeScript, to: theme.localeResolver)))
                }
                if let custom = theme.customStylesheet {
                    files.append(OutputFile(path: Self.customStylesheetPath, text: custom))
                }
                return files
            },
            SiteProduct(name: "static", inputs: staticInputs.hex) {
                staticFiles.map { OutputFile(path: $0.destination, contents: .copy(from: $0.source, confinedTo: $0.root)) }
            },
            SiteProduct(name: "index", inputs: indexInputs.hex) { () throws(MustacheRenderError) in
                var files: [OutputFile] = []
                for index in indexes { files.append(try self.index(index.data, path: index.path)) }
                return files
            },
            SiteProduct(name: "embed loader", inputs: loaderInputs.hex) {
                [embedLoader(summaries: summaries, locales: settings.locales)]
            },
            SiteProduct(name: "manifest", inputs: manifestInputs.hex) {
                [manifest(settings: settings, fragments: fragments)]
            },
        ]
    }
}
