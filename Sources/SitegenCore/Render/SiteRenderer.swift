/// The render stage: turns the model into every file of the output, in memory, through the
/// theme's templates.
public struct SiteRenderer: Sendable {
    let theme: CompiledTheme

    public init(theme: CompiledTheme) {
        self.theme = theme
    }

    public static let stylesheetPath = "assets/sitegen.css"
    public static let scriptPath = "assets/sitegen.js"

    public func render(_ site: Site) throws -> [OutputFile] {
        try render(site, recordingMisses: false).files
    }

    /// Renders, and with `recordingMisses` also collects every template name the data never had.
    func render(_ site: Site, recordingMisses: Bool) throws -> (files: [OutputFile], lookups: MustacheLookups) {
        let data = TemplateData(site: site, strings: theme.strings)
        var lookups = MustacheLookups()
        func render(_ template: String, _ value: MustacheValue) -> String {
            guard recordingMisses else { return theme.templates.render(template, value) }
            let (output, recorded) = theme.templates.renderRecordingMisses(template, value)
            lookups.merge(recorded)
            return output
        }
        var files = [
            OutputFile(path: "index.html", text: render("index", data.index())),
            OutputFile(path: Self.stylesheetPath, text: theme.stylesheet + site.settings.theme.css),
            OutputFile(path: Self.scriptPath, text: theme.script),
            OutputFile(path: "manifest.json", contents: .bytes(try ManifestBuilder.encode(ManifestBuilder.manifest(for: site)))),
            OutputFile(path: ManifestSchema.fileName, text: ManifestSchema.json),
        ]
        for flow in site.flows {
            files.append(OutputFile(path: Path.join(flow.slug, "index.html"), text: render("flow", data.flow(flow))))
        }
        for asset in site.assets {
            files.append(OutputFile(path: asset.destination, contents: .copy(from: asset.source)))
        }
        return (files, lookups)
    }
}
