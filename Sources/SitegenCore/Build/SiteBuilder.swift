/// The build pipeline, top to bottom: load → parse → model → render → emit.
///
/// Every stage is a function of its inputs; the file system is the only thing reached from
/// outside, and it is injected.
public struct SiteBuilder: Sendable {
    let fileSystem: any FileSystem

    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
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
        /// True when nothing had changed since the last build, so nothing was done.
        public var upToDate = false
        /// How many flows and pages the site has (also when it was up to date).
        public var flowCount = 0
        public var pageCount = 0
    }

    /// Loads, parses, models and renders the site, writing nothing. With `strict`, also reports
    /// every name a template uses that the data never has.
    public func check(_ options: BuildOptions, strict: Bool = false) -> Result {
        // Load: the site's files, and the theme with the site's overrides.
        let loader = SiteLoader(fileSystem: fileSystem, siteDirectory: options.siteDirectory)
        let (sources, loadDiagnostics) = loader.load()
        let (theme, themeDiagnostics) = ThemeLoader(fileSystem: fileSystem, loader: loader).load()
        var diagnostics = loadDiagnostics + themeDiagnostics

        // Parse: templates and strings, site settings, then each flow's settings and pages.
        let (compiledTheme, templateDiagnostics) = theme.compile()
        diagnostics += templateDiagnostics
        var (settings, settingsDiagnostics) = SiteSettings.read(
            sources.config, stringKeys: compiledTheme.strings.keys,
            themeDefaults: ThemePalette.parse(compiledTheme.stylesheet))
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
        let strings = compiledTheme.strings.overridden(by: settings.strings)

        // Model: each flow with its pages in order, images found and measured.
        let assembler = FlowAssembler(
            parser: PageParser(resolver: ImageResolver(fileSystem: fileSystem, loader: loader), markdown: settings.markdown),
            site: settings, strings: strings, includeDrafts: options.includeDrafts)
        var flows: [Flow] = []
        var assets: Set<Asset> = []
        let assembled = sources.flows.parallelMap { source in
            assembler.assemble(source, displayDirectory: loader.diskPath(source.directory))
        }
        for (flow, flowAssets, flowDiagnostics) in assembled {
            diagnostics += flowDiagnostics
            if let flow { flows.append(flow) }
            assets.formUnion(flowAssets)
        }
        flows.sort { ($0.order ?? Int.max, $0.slug) < ($1.order ?? Int.max, $1.slug) }
        guard !diagnostics.hasErrors else {
            return Result(site: nil, files: [], outputDirectory: outputDirectory, diagnostics: diagnostics.sorted())
        }
        let site = Site(settings: settings, flows: flows, assets: assets.sorted())

        // Render: every output file, in memory.
        var theming = compiledTheme
        theming.strings = strings
        let (files, lookups) = SiteRenderer(theme: theming).render(site, recordingMisses: strict)
        if strict { diagnostics += Self.templateNameWarnings(lookups, theme: theme) }
        return Result(
            site: site, files: files, outputDirectory: outputDirectory, diagnostics: diagnostics.sorted(),
            flowCount: site.flows.count, pageCount: site.pageCount)
    }

    /// Checks the site, then emits it: the output folder is replaced only when nothing failed.
    /// When the build cache shows that no input, option or tool changed since the last build,
    /// and its output is still in place, it does nothing at all. `tool` identifies the program
    /// doing the build (its version and binary), so a new sitegen rebuilds everything.
    public func build(_ options: BuildOptions, tool: String = SitegenVersion.version) -> Result {
        let loader = SiteLoader(fileSystem: fileSystem, siteDirectory: options.siteDirectory)
        let cache = BuildCache.load(fileSystem: fileSystem, loader: loader)
        let identity = [tool, options.outputDirectory ?? "", options.baseURL ?? "", options.includeDrafts ? "drafts" : ""]
            .joined(separator: "\u{0}")
        let (digest, entries) = BuildCache.fingerprint(
            fileSystem: fileSystem, loader: loader, identity: identity, previous: cache?.entries ?? [],
            extraInputs: cache?.extraInputs ?? [])
        if let cache, cache.digest == digest,
            fileSystem.status(of: Path.join(cache.outputDirectory, OutputWriter.markerFile)) == cache.outputMarker
        {
            return Result(
                site: nil, files: [], outputDirectory: cache.outputDirectory, diagnostics: [], upToDate: true,
                flowCount: cache.flowCount, pageCount: cache.pageCount)
        }

        var result = check(options)
        guard result.site != nil else { return result }
        do {
            try OutputWriter(fileSystem: fileSystem).write(result.files, to: result.outputDirectory)
        } catch {
            result.diagnostics.append(.error(error.message, path: error.path))
            result.site = nil
            return result
        }
        if let marker = fileSystem.status(of: Path.join(OutputWriter.trimmed(result.outputDirectory), OutputWriter.markerFile)),
            let site = result.site
        {
            // Files read from outside the walked roots join the fingerprint, now and next time.
            let extras = site.assets.compactMap { Path.relative($0.source, to: options.siteDirectory == "." ? "" : options.siteDirectory) }
                .filter { path in !BuildCache.inputRoots.contains { path == $0 || path.hasPrefix($0 + "/") } }
            let (finalDigest, finalEntries) = extras.isEmpty
                ? (digest, entries)
                : BuildCache.fingerprint(fileSystem: fileSystem, loader: loader, identity: identity, previous: entries, extraInputs: extras)
            let record = BuildCache(
                digest: finalDigest, entries: finalEntries, outputDirectory: OutputWriter.trimmed(result.outputDirectory),
                extraInputs: extras, outputMarker: marker, flowCount: result.flowCount, pageCount: result.pageCount)
            do {
                try record.save(fileSystem: fileSystem, loader: loader)
            } catch {
                result.diagnostics.append(.warning("cannot write the build cache, so the next build starts over: \(error)", path: loader.diskPath(BuildCache.directory)))
            }
        }
        return result
    }

    /// A warning for each tag whose name no render found in the data, and each missing partial.
    private static func templateNameWarnings(_ lookups: MustacheLookups, theme: Theme) -> [Diagnostic] {
        let sources = Dictionary(theme.files.values.map { ($0.path, SourceFile(path: $0.path, text: $0.text)) }) { first, _ in first }
        func warning(_ tag: MustacheTag, _ message: String) -> Diagnostic {
            let file = sources[tag.file] ?? SourceFile(path: tag.file, text: "")
            return file.warning(message, at: tag.location, length: tag.name.count + 4)
        }
        let names = lookups.neverFound.map { warning($0, "'\($0.name)' is never in the data this template is rendered with") }
        let partials = lookups.missingTemplates.map { warning($0, "the theme has no template '\($0.name)\(Theme.templateExtension)'") }
        return names + partials
    }
}
