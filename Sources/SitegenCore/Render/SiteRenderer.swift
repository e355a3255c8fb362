import Mustache

/// The render stage: turns the model into every file of the output, in memory, through the
/// theme's templates. Carousels render in parallel, one flow per task.
package struct SiteRenderer: Sendable {
    let theme: CompiledTheme

    package init(theme: CompiledTheme) {
        self.theme = theme
    }

    package static let stylesheetPath = "assets/sitegen.css"
    package static let scriptPath = "assets/sitegen.js"
    package static let codeStylesheetPath = "assets/code.css"
    package static let codeScriptPath = "assets/code.js"
    /// The language choice of a site in several languages, loaded in every page's head.
    package static let localeScriptPath = "assets/locale.js"
    /// The site's own rules (`templates/custom.css`), linked after the theme's stylesheet.
    package static let customStylesheetPath = "assets/custom.css"
    package static let manifestPath = "manifest.json"
    /// The files the build writes at the output's root, which no static file may take the place of.
    static let rootFiles = [
        "index.html", manifestPath, ManifestBuilder.schemaFileName, EmbedBuilder.loaderPath, EmbedBuilder.dialogPath,
        EmbedBuilder.stylesPath, OutputWriter.markerFile,
    ]

    /// Every file of the output, or the first template that would not stop expanding itself.
    package func render(_ site: Site) throws(MustacheRenderError) -> [OutputFile] {
        let rendered = render(site, recordingMisses: false)
        if let failure = rendered.failures.first { throw failure }
        return rendered.files
    }

    /// Everything a render produces.
    struct Rendered: Sendable {
        var files: [OutputFile]
        var lookups: MustacheLookups
        /// Each flow's files, summary and manifest fragment, in the order given.
        var flows: [RenderedFlow]
        /// Renders that a template stopped, each reported once; with any, the files are incomplete.
        var failures: [MustacheRenderError]
    }

    /// One flow rendered: its carousel and assets, its index summary and its manifest fragment.
    struct RenderedFlow: Sendable {
        var slug: String
        /// The flow's files.
        var files: [OutputFile]
        /// The paths of the flow's files, relative to the output folder.
        var outputs: [String]
        var summary: FlowSummary
        /// The flow's JSON in UTF-8, as it stands in the manifest.
        var fragment: [UInt8]
        /// The other flows its pages link to.
        var linkedFlows: [String] = []
    }

    /// Every file of the site: its flows' and the site-wide products'. With `recordingMisses`,
    /// also collects every template name the data never had.
    func render(_ site: Site, recordingMisses: Bool) -> Rendered {
        var rendered = renderFlows(site, recordingMisses: recordingMisses)
        let products = siteProducts(
            settings: site.settings, staticFiles: site.staticFiles, summaries: rendered.flows.map(\.summary),
            fragments: rendered.flows.map { ManifestFragment(name: $0.slug, piece: .bytes($0.fragment)) })
        var failures = Set(rendered.failures)
        var files: [OutputFile] = []
        for product in products {
            do throws(MustacheRenderError) {
                files += try product.make()
            } catch {
                failures.insert(error)
            }
        }
        if recordingMisses {
            let data = TemplateData(settings: site.settings, strings: theme.strings, hasCustomStylesheet: theme.customStylesheet != nil)
            if let (_, lookups) = try? theme.templates.renderRecordingMisses("index", data.index(rendered.flows.map(\.summary))) {
                rendered.lookups.merge(lookups)
            }
        }
        rendered.files = files + rendered.flows.flatMap(\.files)
        rendered.failures = failures.sorted { ($0.path, $0.location) < ($1.path, $1.location) }
        return rendered
    }

    /// Renders the site's flows in parallel.
    func renderFlows(_ site: Site, recordingMisses: Bool = false) -> Rendered {
        let assetsByFlow = Dictionary(grouping: site.assets, by: \.flowSlug)
        let results = site.flows.parallelMap { flow -> Result<(RenderedFlow, MustacheLookups), MustacheRenderError> in
            do throws(MustacheRenderError) {
                return .success(try render(
                    flow, settings: site.settings, assets: assetsByFlow[flow.slug] ?? [], recordingMisses: recordingMisses))
            } catch {
                return .failure(error)
            }
        }
        var lookups = MustacheLookups()
        var flows: [RenderedFlow] = []
        var failures: Set<MustacheRenderError> = []
        for result in results {
            switch result {
            case .success(let (flow, recorded)):
                flows.append(flow)
                lookups.merge(recorded)
            case .failure(let failure):
                failures.insert(failure)
            }
        }
        return Rendered(files: [], lookups: lookups, flows: flows, failures: failures.sorted { ($0.path, $0.location) < ($1.path, $1.location) })
    }

    /// One flow's carousel, summary and manifest fragment, and its `assets` (those it copies).
    func render(_ flow: Flow, settings: SiteSettings, assets: [Asset], recordingMisses: Bool = false)
        throws(MustacheRenderError) -> (RenderedFlow, MustacheLookups)
    {
        let data = TemplateData(settings: settings, strings: theme.strings, hasCustomStylesheet: theme.customStylesheet != nil)
        // A closure, not `\.contentVersion`: a key path through the dynamic member is made anew at every call.
        let versions = flow.inEveryLocale.map { $0.contentVersion }
        var lookups = MustacheLookups()
        var files: [OutputFile] = []
        for shown in flow.inEveryLocale {
            // Room for the pages' HTML and the theme around each page, so that the buffer seldom grows.
            let expected = shown.pages.reduce(2048) { $0 + $1.html.utf8.count + 1600 }
            // The carousel is rendered once, for the flow's page and for embed.js.
            let value = data.flow(shown, source: flow, contentVersions: versions)
            var (carouselBytes, carouselLookups) = try render("carousel", value, recordingMisses, expectedSize: expected)
            if carouselBytes.last == UInt8(ascii: "\n") { carouselBytes.removeLast() }
            let carousel = String(decoding: carouselBytes, as: UTF8.self)
            let (html, pageLookups) = try render("flow", value.adding("carousel", .string(carousel)), recordingMisses, expectedSize: expected + 1024)
            lookups.merge(carouselLookups)
            lookups.merge(pageLookups)
            let closeLabel = theme.strings.strings(for: shown.settings.locale)["close", default: ""]
            files.append(OutputFile(path: Path.join(shown.outputFolder, ContentLayout.flowPageFile), contents: .bytes(html)))
            files.append(
                OutputFile(
                    path: Path.join(shown.outputFolder, EmbedBuilder.flowFileName),
                    contents: .bytes(EmbedBuilder.flow(shown, carousel: carousel, closeLabel: closeLabel))))
        }
        // Files made by a recipe (an image's versions, an animation) are made with the build's
        // other media work, in parallel and cached; they are the flow's outputs all the same.
        for asset in assets where asset.recipe == nil {
            files.append(OutputFile(path: asset.destination, contents: .copy(from: asset.source, confinedTo: asset.root)))
        }
        let fragment = ManifestBuilder.fragment(ManifestBuilder.manifestFlow(flow, baseURL: settings.baseURL))
        return (
            RenderedFlow(
                slug: flow.slug, files: files, outputs: files.map(\.path) + assets.filter { $0.recipe != nil }.map(\.destination),
                summary: FlowSummary(flow), fragment: fragment, linkedFlows: flow.linkedFlows),
            lookups
        )
    }

    /// The site index in one locale, from its data (`TemplateData.index`), at `path`.
    func index(_ data: MustacheValue, path: String = "index.html") throws(MustacheRenderError) -> OutputFile {
        OutputFile(path: path, contents: .bytes(try theme.templates.renderUTF8("index", data, expectedSize: 0)))
    }

    /// embed.js's loader, with each flow's first-visit facts.
    func embedLoader(summaries: [FlowSummary], locales: [String]) -> OutputFile {
        OutputFile(
            path: EmbedBuilder.loaderPath,
            text: EmbedBuilder.loader(
                source: theme.embedLoader, flows: summaries, locales: locales,
                resolver: locales.count > 1 ? theme.localeResolver : EmbedBuilder.onlyLocale))
    }

    /// The theme's styles for embed.js's shadow root, as a script.
    func embedStyles(settings: SiteSettings) -> OutputFile {
        OutputFile(
            path: EmbedBuilder.stylesPath,
            text: EmbedBuilder.styles(stylesheet: theme.stylesheet, embedStylesheet: theme.embedStylesheet, siteCSS: settings.theme.css))
    }

    /// The manifest, from each flow's fragment in index order.
    func manifest(settings: SiteSettings, fragments: [ManifestFragment]) -> OutputFile {
        OutputFile(
            path: Self.manifestPath,
            contents: .pieces(ManifestBuilder.parts(site: ManifestBuilder.manifestSite(settings), flows: fragments.map { ($0.piece, $0.separated) })))
    }

    private func render(
        _ template: String, _ value: MustacheValue, _ recordingMisses: Bool, expectedSize: Int = 0
    ) throws(MustacheRenderError) -> ([UInt8], MustacheLookups) {
        recordingMisses
            ? try theme.templates.renderRecordingMisses(template, value)
            : (try theme.templates.renderUTF8(template, value, expectedSize: expectedSize), MustacheLookups())
    }
}
