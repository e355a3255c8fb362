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
    /// The site's own rules (`templates/custom.css`), linked after the theme's stylesheet.
    package static let customStylesheetPath = "assets/custom.css"
    package static let manifestPath = "manifest.json"

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
        /// Each flow's files, summary and manifest fragment, in index order.
        var flows: [RenderedFlow]
        /// Where each flow's fragment stands in `manifest.json`, in the same order.
        var manifestFragments: [Range<Int>]
        /// Renders that a template stopped, each reported once; with any, the files are incomplete.
        var failures: [MustacheRenderError]
    }

    /// One flow rendered: its carousel and assets, its index summary and its manifest fragment.
    struct RenderedFlow: Sendable {
        var slug: String
        /// The flow's files; empty once they have gone to a sink.
        var files: [OutputFile]
        /// The paths of the flow's files, relative to the output folder.
        var outputs: [String]
        var summary: FlowSummary
        /// The flow's JSON in UTF-8, as it stands in the manifest.
        var fragment: [UInt8]
        /// The other flows its pages link to.
        var linkedFlows: [String] = []
    }

    /// Renders, and with `recordingMisses` also collects every template name the data never had.
    /// With a `sink`, each flow's files go to it as soon as the flow is rendered (from any thread),
    /// so that they need not all be held at once; the site files are returned as usual. A flow
    /// whose render fails sends nothing to the sink.
    func render(_ site: Site, recordingMisses: Bool, sink: (@Sendable ([OutputFile]) -> Void)? = nil) -> Rendered {
        var lookups = MustacheLookups()
        let assetsByFlow = Dictionary(grouping: site.assets) { String($0.destination.prefix { $0 != "/" }) }
        let results = site.flows.parallelMap { flow -> Result<(RenderedFlow, MustacheLookups), MustacheRenderError> in
            do throws(MustacheRenderError) {
                var (rendered, lookups) = try render(
                    flow, settings: site.settings, assets: assetsByFlow[flow.slug] ?? [], recordingMisses: recordingMisses)
                if let sink {
                    sink(rendered.files)
                    rendered.files = []
                }
                return .success((rendered, lookups))
            } catch {
                return .failure(error)
            }
        }
        var failures: Set<MustacheRenderError> = []
        let flows = results.compactMap { result -> (RenderedFlow, MustacheLookups)? in
            switch result {
            case .success(let flow): return flow
            case .failure(let failure):
                failures.insert(failure)
                return nil
            }
        }
        // The files that depend on every flow: the index, the manifest, the theme's assets.
        let (manifest, manifestFragments) = self.manifest(settings: site.settings, fragments: flows.map { .bytes($0.0.fragment) })
        var files = [
            OutputFile(path: Self.stylesheetPath, text: theme.stylesheet + site.settings.theme.css),
            OutputFile(path: Self.scriptPath, text: theme.script),
            OutputFile(path: Self.codeStylesheetPath, text: theme.codeStylesheet),
            OutputFile(path: Self.codeScriptPath, text: theme.codeScript),
            OutputFile(path: EmbedBuilder.codeStylesPath, text: EmbedBuilder.codeStyles(theme.codeStylesheet)),
            manifest,
            OutputFile(path: ManifestBuilder.schemaFileName, text: ManifestBuilder.schemaText),
            OutputFile(path: EmbedBuilder.dialogPath, text: theme.embedDialog),
            embedStyles(settings: site.settings),
            embedLoader(summaries: flows.map(\.0.summary)),
        ]
        if let custom = theme.customStylesheet {
            files.append(OutputFile(path: Self.customStylesheetPath, text: custom))
        }
        files += site.staticFiles.map { OutputFile(path: $0.destination, contents: .copy(from: $0.source, confinedTo: $0.root)) }
        do throws(MustacheRenderError) {
            files.insert(try index(settings: site.settings, summaries: flows.map(\.0.summary), lookups: &lookups, recordingMisses), at: 0)
        } catch {
            failures.insert(error)
        }
        for (flow, recorded) in flows {
            files += flow.files
            lookups.merge(recorded)
        }
        return Rendered(
            files: files, lookups: lookups, flows: flows.map(\.0), manifestFragments: manifestFragments,
            failures: failures.sorted { ($0.path, $0.location) < ($1.path, $1.location) })
    }

    /// One flow's carousel, summary and manifest fragment, and its `assets` (those it copies).
    func render(_ flow: Flow, settings: SiteSettings, assets: [Asset], recordingMisses: Bool = false)
        throws(MustacheRenderError) -> (RenderedFlow, MustacheLookups)
    {
        let data = TemplateData(settings: settings, strings: theme.strings, hasCustomStylesheet: theme.customStylesheet != nil)
        // Room for the pages' HTML and the theme around each page, so that the buffer seldom grows.
        let expected = flow.pages.reduce(2048) { $0 + $1.html.utf8.count + 1600 }
        // The carousel is rendered once, for the flow's page and for embed.js.
        let value = data.flow(flow)
        var (carouselBytes, lookups) = try render("carousel", value, recordingMisses, expectedSize: expected)
        if carouselBytes.last == UInt8(ascii: "\n") { carouselBytes.removeLast() }
        let carousel = String(decoding: carouselBytes, as: UTF8.self)
        let (html, pageLookups) = try render("flow", value.adding("carousel", .string(carousel)), recordingMisses, expectedSize: expected + 1024)
        lookups.merge(pageLookups)
        let closeLabel = theme.strings.strings(for: flow.settings.locale)["close", default: ""]
        var files = [
            OutputFile(path: Path.join(flow.slug, "index.html"), contents: .bytes(html)),
            OutputFile(
                path: Path.join(flow.slug, EmbedBuilder.flowFileName),
                contents: .bytes(EmbedBuilder.flow(flow, carousel: carousel, closeLabel: closeLabel))),
        ]
        for asset in assets {
            files.append(OutputFile(path: asset.destination, contents: .copy(from: asset.source, confinedTo: asset.root)))
        }
        let fragment = ManifestBuilder.fragment(ManifestBuilder.manifestFlow(flow, baseURL: settings.baseURL))
        return (
            RenderedFlow(slug: flow.slug, files: files, outputs: files.map(\.path), summary: FlowSummary(flow), fragment: fragment,
                linkedFlows: flow.linkedFlows),
            lookups
        )
    }

    /// The site index, from each flow's summary in index order.
    func index(
        settings: SiteSettings, summaries: [FlowSummary], lookups: inout MustacheLookups, _ recordingMisses: Bool = false
    ) throws(MustacheRenderError) -> OutputFile {
        let data = TemplateData(settings: settings, strings: theme.strings, hasCustomStylesheet: theme.customStylesheet != nil)
        let (index, indexLookups) = try render("index", data.index(summaries), recordingMisses)
        lookups.merge(indexLookups)
        return OutputFile(path: "index.html", contents: .bytes(index))
    }

    /// embed.js's loader, with each flow's first-visit facts.
    func embedLoader(summaries: [FlowSummary]) -> OutputFile {
        OutputFile(path: EmbedBuilder.loaderPath, text: EmbedBuilder.loader(source: theme.embedLoader, flows: summaries))
    }

    /// The theme's styles for embed.js's shadow root, as a script.
    func embedStyles(settings: SiteSettings) -> OutputFile {
        OutputFile(
            path: EmbedBuilder.stylesPath,
            text: EmbedBuilder.styles(stylesheet: theme.stylesheet, embedStylesheet: theme.embedStylesheet, siteCSS: settings.theme.css))
    }

    /// The manifest, from each flow's fragment in index order, and where each fragment stands in it.
    func manifest(settings: SiteSettings, fragments: [FilePiece]) -> (OutputFile, [Range<Int>]) {
        let (pieces, ranges) = ManifestBuilder.parts(site: ManifestBuilder.manifestSite(settings), flows: fragments)
        return (OutputFile(path: Self.manifestPath, contents: .pieces(pieces)), ranges)
    }

    private func render(
        _ template: String, _ value: MustacheValue, _ recordingMisses: Bool, expectedSize: Int = 0
    ) throws(MustacheRenderError) -> ([UInt8], MustacheLookups) {
        recordingMisses
            ? try theme.templates.renderRecordingMisses(template, value)
            : (try theme.templates.renderUTF8(template, value, expectedSize: expectedSize), MustacheLookups())
    }
}
