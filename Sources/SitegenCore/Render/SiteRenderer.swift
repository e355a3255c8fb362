/// The render stage: turns the model into every file of the output, in memory.
public struct SiteRenderer: Sendable {
    let strings: ThemeStrings
    let theme: Theme

    public init(strings: ThemeStrings = ThemeStrings(), theme: Theme = .default) {
        self.strings = strings
        self.theme = theme
    }

    public func render(_ site: Site) throws -> [OutputFile] {
        let html = HTMLRenderer(settings: site.settings, strings: strings)
        var files = [
            OutputFile(path: "index.html", text: html.index(site)),
            OutputFile(path: HTMLRenderer.stylesheet, text: theme.stylesheet(site.settings.theme)),
            OutputFile(path: "manifest.json", contents: .bytes(try ManifestBuilder.encode(ManifestBuilder.manifest(for: site)))),
            OutputFile(path: ManifestSchema.fileName, text: ManifestSchema.json),
        ]
        for flow in site.flows {
            files.append(OutputFile(path: Path.join(flow.slug, "index.html"), text: html.carousel(flow)))
        }
        for asset in site.assets {
            files.append(OutputFile(path: asset.destination, contents: .copy(from: asset.source)))
        }
        return files
    }
}
