/// The build pipeline, top to bottom: load → parse → model → render → emit.
///
/// Every stage is a function of its inputs; the file system is the only thing reached from
/// outside, and it is injected.
public struct SiteBuilder: Sendable {
    let fileSystem: any FileSystem
    let strings: ThemeStrings
    let theme: Theme

    public init(fileSystem: any FileSystem, strings: ThemeStrings = ThemeStrings(), theme: Theme = .default) {
        self.fileSystem = fileSystem
        self.strings = strings
        self.theme = theme
    }

    /// What a build or check produced.
    public struct Result: Sendable {
        /// The site, when it had no errors.
        public var site: Site?
        /// The files of the output, when the site had no errors.
        public var files: [OutputFile]
        /// The output folder written (or that would be written).
        public var outputDirectory: String
        /// Sorted by file and position.
        public var diagnostics: [Diagnostic]
    }

    /// Loads, parses, models and renders the site, writing nothing.
    public func check(_ options: BuildOptions) -> Result {
        // Load: find and read the site's files.
        let loader = SiteLoader(fileSystem: fileSystem, siteDirectory: options.siteDirectory)
        let (sources, loadDiagnostics) = loader.load()
        var diagnostics = loadDiagnostics

        // Parse: site settings, then each flow's settings and pages.
        var (settings, settingsDiagnostics) = SiteSettings.read(sources.config)
        diagnostics += settingsDiagnostics
        if let baseURL = options.baseURL {
            if let normalized = Validation.baseURL(baseURL) {
                settings.baseURL = normalized
            } else {
                diagnostics.append(.error("--base-url must be an http(s) URL or a path starting with '/', not '\(baseURL)'", path: "sitegen"))
            }
        }
        let outputDirectory = options.outputDirectory
            ?? (settings.outputDirectory.hasPrefix("/") ? settings.outputDirectory : loader.diskPath(settings.outputDirectory))

        // Model: each flow with its pages in order, images found and measured.
        let assembler = FlowAssembler(
            parser: PageParser(resolver: ImageResolver(fileSystem: fileSystem, loader: loader), markdown: settings.markdown),
            site: settings, strings: strings, includeDrafts: options.includeDrafts)
        var flows: [Flow] = []
        var assets: Set<Asset> = []
        for source in sources.flows {
            let (flow, flowAssets, flowDiagnostics) = assembler.assemble(source, displayDirectory: loader.diskPath(source.directory))
            diagnostics += flowDiagnostics
            if let flow { flows.append(flow) }
            assets.formUnion(flowAssets)
        }
        flows.sort { ($0.order ?? Int.max, $0.slug) < ($1.order ?? Int.max, $1.slug) }
        diagnostics.sort()
        guard !diagnostics.hasErrors else {
            return Result(site: nil, files: [], outputDirectory: outputDirectory, diagnostics: diagnostics)
        }
        let site = Site(settings: settings, flows: flows, assets: assets.sorted())

        // Render: every output file, in memory.
        do {
            let files = try SiteRenderer(strings: strings, theme: theme).render(site)
            return Result(site: site, files: files, outputDirectory: outputDirectory, diagnostics: diagnostics)
        } catch {
            diagnostics.append(.error("cannot render the site: \(error)", path: options.siteDirectory))
            return Result(site: nil, files: [], outputDirectory: outputDirectory, diagnostics: diagnostics)
        }
    }

    /// Checks the site, then emits it: the output folder is replaced only when nothing failed.
    public func build(_ options: BuildOptions) -> Result {
        var result = check(options)
        guard result.site != nil else { return result }
        do {
            try OutputWriter(fileSystem: fileSystem).write(result.files, to: result.outputDirectory)
        } catch {
            result.diagnostics.append(.error(error.message, path: error.path))
            result.site = nil
        }
        return result
    }
}
