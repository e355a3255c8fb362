/// The render stage: turns the model into every file of the output, in memory, through the
/// theme's templates. Carousels render in parallel, one flow per task.
public struct SiteRenderer: Sendable {
    let theme: CompiledTheme

    public init(theme: CompiledTheme) {
        self.theme = theme
    }

    public static let stylesheetPath = "assets/sitegen.css"
    public static let scriptPath = "assets/sitegen.js"

    public func render(_ site: Site) -> [OutputFile] {
        render(site, recordingMisses: false).files
    }

    /// Renders, and with `recordingMisses` also collects every template name the data never had.
    func render(_ site: Site, recordingMisses: Bool) -> (files: [OutputFile], lookups: MustacheLookups) {
        let data = TemplateData(settings: site.settings, strings: theme.strings)
        let (index, indexLookups) = render("index", data.index(site.flows.map(FlowSummary.init)), recordingMisses)
        var files = [
            OutputFile(path: "index.html", text: index),
            OutputFile(path: Self.stylesheetPath, text: theme.stylesheet + site.settings.theme.css),
            OutputFile(path: Self.scriptPath, text: theme.script),
            OutputFile(path: "manifest.json", text: ManifestBuilder.encode(ManifestBuilder.manifest(for: site))),
            OutputFile(path: ManifestSchema.fileName, text: ManifestSchema.json),
        ]
        var lookups = indexLookups
        let carousels = site.flows.parallelMap { flow in
            (flow.slug, render("flow", data.flow(flow), recordingMisses))
        }
        for (slug, (html, recorded)) in carousels {
            files.append(OutputFile(path: Path.join(slug, "index.html"), text: html))
            lookups.merge(recorded)
        }
        for asset in site.assets {
            files.append(OutputFile(path: asset.destination, contents: .copy(from: asset.source)))
        }
        return (files, lookups)
    }

    private func render(_ template: String, _ value: MustacheValue, _ recordingMisses: Bool) -> (String, MustacheLookups) {
        recordingMisses
            ? theme.templates.renderRecordingMisses(template, value)
            : (theme.templates.render(template, value), MustacheLookups())
    }
}
