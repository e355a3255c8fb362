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
        /// The files of the output, when the site had no errors: all of them for a check, the
        /// site-wide ones for a build (which writes each flow's files as soon as they are rendered).
        public var files: [OutputFile]
        /// The path of every file a build wrote, relative to the output folder.
        public var outputs: [String] = []
        /// The output folder written (or that would be written).
        public var outputDirectory: String
        /// Sorted by file and position.
        public var diagnostics: [Diagnostic]
        /// True when nothing had changed since the last build, so nothing was done.
        public var upToDate = false
        /// How many flows and pages the site has (also when it was up to date).
        public var flowCount = 0
        public var pageCount = 0
        /// The flows rebuilt by an incremental build (nil for a full build).
        public var rebuiltFlows: [String]?

        /// True when the build produced its output (or found it up to date).
        public var succeeded: Bool { !diagnostics.hasErrors && (site != nil || upToDate || rebuiltFlows != nil) }
    }

    /// What every build needs before it reads a flow: the theme (templates parsed, strings with
    /// the site's own on top), the site settings, and the assembler that turns flows into models.
    private struct Preparation {
        var theme: Theme
        var compiledTheme: CompiledTheme
        var settings: SiteSettings
        var assembler: FlowAssembler
        var diagnostics: [Diagnostic]
    }

    /// Loads the theme with the site's overrides, parses it and `config` (`sitegen.yml`).
    private func prepare(_ options: BuildOptions, loader: SiteLoader, config: SourceFile?) -> Preparation {
        let (theme, themeDiagnostics) = ThemeLoader(fileSystem: fileSystem, loader: loader).load()
        var (compiledTheme, templateDiagnostics) = theme.compile()
        var (settings, settingsDiagnostics) = SiteSettings.read(
            config, stringKeys: compiledTheme.strings.keys, themeDefaults: ThemePalette.parse(compiledTheme.stylesheet))
        var diagnostics = themeDiagnostics + templateDiagnostics + settingsDiagnostics
        if let baseURL = options.baseURL {
            if let normalized = Validation.baseURL(baseURL) {
                settings.baseURL = normalized
            } else {
                diagnostics.append(.error("--base-url must be an http(s) URL with a host, or a path starting with '/', not '\(baseURL)'", path: "sitegen"))
            }
        }
        compiledTheme.strings = compiledTheme.strings.overridden(by: settings.strings)
        let assembler = FlowAssembler(
            parser: PageParser(resolver: ImageResolver(fileSystem: fileSystem, loader: loader), markdown: settings.markdown),
            site: settings, strings: compiledTheme.strings, includeDrafts: options.includeDrafts)
        return Preparation(
            theme: theme, compiledTheme: compiledTheme, settings: settings, assembler: assembler, diagnostics: diagnostics)
    }

    /// The site as a model, ready to render: what `check` and `build` share.
    private struct Modelled {
        /// The site, when it had no errors.
        var site: Site?
        var preparation: Preparation
        var outputDirectory: String
        var diagnostics: [Diagnostic]
    }

    /// Loads, parses and models the site.
    private func model(_ options: BuildOptions) -> Modelled {
        // Load: the site's files, and the theme with the site's overrides.
        let loader = SiteLoader(fileSystem: fileSystem, siteDirectory: options.siteDirectory)
        let (sources, loadDiagnostics) = loader.load()

        // Parse: templates and strings, site settings, then each flow's settings and pages.
        let preparation = prepare(options, loader: loader, config: sources.config)
        let settings = preparation.settings
        var diagnostics = loadDiagnostics + preparation.diagnostics
        let outputDirectory = options.outputDirectory
            ?? (settings.outputDirectory.hasPrefix("/") ? settings.outputDirectory : loader.diskPath(settings.outputDirectory))

        // Model: each flow with its pages in order, images found and measured.
        let assembler = preparation.assembler
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
        let site = diagnostics.hasErrors ? nil : Site(settings: settings, flows: flows, assets: assets.sorted())
        return Modelled(site: site, preparation: preparation, outputDirectory: outputDirectory, diagnostics: diagnostics.sorted())
    }

    /// Loads, parses, models and renders the site, writing nothing. With `strict`, also reports
    /// every name a template uses that the data never has.
    public func check(_ options: BuildOptions, strict: Bool = false) -> Result {
        let modelled = model(options)
        guard let site = modelled.site else {
            return Result(site: nil, files: [], outputDirectory: modelled.outputDirectory, diagnostics: modelled.diagnostics)
        }
        let preparation = modelled.preparation
        let rendered = SiteRenderer(theme: preparation.compiledTheme).render(site, recordingMisses: strict)
        var diagnostics = modelled.diagnostics + preparation.theme.diagnostics(for: rendered.failures)
        if strict { diagnostics += Self.templateNameWarnings(rendered.lookups, theme: preparation.theme) }
        diagnostics.sort()
        return Result(
            site: site, files: rendered.files, outputDirectory: modelled.outputDirectory, diagnostics: diagnostics,
            flowCount: site.flows.count, pageCount: site.pageCount)
    }

    /// Checks the site, then emits it: the output folder is replaced only when nothing failed.
    ///
    /// The build cache makes most rebuilds cheap. When no input, option or tool changed since the
    /// last build and its output is still in place, nothing is done. When only pages inside some
    /// flow folders changed, only those flows are rebuilt and their files, the index and the
    /// manifest rewritten in place; anything else (configuration, a template, a flow added or
    /// removed, the binary) rebuilds the whole site. `tool` identifies the program doing the
    /// build (its version and binary).
    public func build(_ options: BuildOptions, tool: String = SitegenVersion.version) -> Result {
        let loader = SiteLoader(fileSystem: fileSystem, siteDirectory: options.siteDirectory)
        // The previous build's cache is read on a thread of its own while the inputs are listed.
        let cacheLoad = Background { [fileSystem] in BuildCache.load(fileSystem: fileSystem, loader: loader) }
        let rootFiles = BuildCache.inputFiles(fileSystem: fileSystem, loader: loader)
        let cache = cacheLoad.result()
        let identity = identity(options, tool: tool)
        let fingerprint = BuildCache.fingerprint(
            fileSystem: fileSystem, loader: loader, identity: identity, previous: cache?.entries ?? [],
            extraInputs: cache?.extraInputs ?? [], rootFiles: rootFiles)
        let (digest, entries) = (fingerprint.digest, fingerprint.entries)
        // What follows reads the inputs the fingerprint has just read from memory.
        let reader = SiteBuilder(fileSystem: PrereadFileSystem(base: fileSystem, files: fingerprint.read))
        let outputIsAsLeft = cache.map { fileSystem.status(of: Path.join($0.outputDirectory, OutputWriter.markerFile)) == $0.outputMarker }
        if let cache, outputIsAsLeft == true, cache.digest == digest {
            return Result(
                site: nil, files: [], outputDirectory: cache.outputDirectory, diagnostics: [], upToDate: true,
                flowCount: cache.flowCount, pageCount: cache.pageCount)
        }
        let (globalDigest, flowDigests) = FlowRecord.digests(of: entries, identity: identity)
        if let cache, outputIsAsLeft == true, cache.globalDigest == globalDigest,
            let fragments = cache.manifestFragments(fileSystem: fileSystem)
        {
            return reader.rebuild(
                flows: cache.flows.filter { flowDigests[$0.slug] != $0.digest }.map(\.slug), options: options, tool: tool,
                cache: cache, fragments: fragments, globalDigest: globalDigest,
                loader: SiteLoader(fileSystem: reader.fileSystem, siteDirectory: options.siteDirectory),
                digest: digest, entries: entries, flowDigests: flowDigests)
        }

        // Render and emit: each flow's files are written as soon as it is rendered (into a staging
        // folder, or beside the files of sitegen's previous output), and they become the output
        // only when everything was written.
        let modelled = reader.model(options)
        var result = Result(site: nil, files: [], outputDirectory: modelled.outputDirectory, diagnostics: modelled.diagnostics)
        guard let site = modelled.site else { return result }
        let rendered: SiteRenderer.Rendered
        do {
            let session = try OutputWriter(fileSystem: fileSystem).stage(modelled.outputDirectory)
            rendered = SiteRenderer(theme: modelled.preparation.compiledTheme)
                .render(site, recordingMisses: false, sink: session.write)
            guard rendered.failures.isEmpty else {
                session.discard()
                result.diagnostics += modelled.preparation.theme.diagnostics(for: rendered.failures)
                return result
            }
            session.write(rendered.files)
            try session.commit()
        } catch {
            result.diagnostics.append(.error(error.message, path: error.path))
            return result
        }
        result.site = site
        result.files = rendered.files
        result.outputs = rendered.files.map(\.path) + rendered.flows.flatMap(\.outputs)
        result.flowCount = site.flows.count
        result.pageCount = site.pageCount

        // Remember what this build was made from, for the next one.
        let output = OutputWriter.trimmed(result.outputDirectory)
        guard let marker = fileSystem.status(of: Path.join(output, OutputWriter.markerFile)),
            let manifest = fileSystem.status(of: Path.join(output, SiteRenderer.manifestPath))
        else { return result }
        let extras = Self.outsideInputs(site.assets.map(\.source), options: options)
        let final = extras.isEmpty
            ? fingerprint
            : BuildCache.fingerprint(fileSystem: fileSystem, loader: loader, identity: identity, previous: entries, extraInputs: extras)
        let record = BuildCache(
            digest: final.digest,
            globalDigest: extras.isEmpty ? globalDigest : FlowRecord.digests(of: final.entries, identity: identity).global,
            entries: final.entries, outputDirectory: output, extraInputs: extras, outputMarker: marker, manifest: manifest,
            flowCount: result.flowCount, pageCount: result.pageCount,
            flows: zip(rendered.flows, rendered.manifestFragments).map { flow, fragment in
                FlowRecord(flow, digest: flowDigests[flow.slug] ?? "", fragment: fragment)
            })
        result.diagnostics += save(record, loader: loader)
        return result
    }

    /// Rebuilds only `slugs`, reusing every other flow's summary from the cache and its manifest
    /// fragment from the output (`fragments`, by slug), and updates the output in place.
    private func rebuild(
        flows slugs: [String], options: BuildOptions, tool: String, cache: BuildCache, fragments: [String: FilePiece],
        globalDigest: String, loader: SiteLoader, digest: String, entries: [BuildCache.Entry], flowDigests: [String: String]
    ) -> Result {
        var config: SourceFile?
        if fileSystem.kind(of: loader.diskPath(SiteLoader.configFile)) == .file, case .success(let file) = loader.read(SiteLoader.configFile) {
            config = file
        }
        // The configuration and theme are unchanged since the last full build, which reported
        // their warnings; only errors would matter, and there can be none.
        let preparation = prepare(options, loader: loader, config: config)
        let settings = preparation.settings
        var diagnostics = preparation.diagnostics.filter(\.isError)
        let renderer = SiteRenderer(theme: preparation.compiledTheme)
        var rebuilt: [String: SiteRenderer.RenderedFlow] = [:]
        for slug in slugs {
            let (source, loadDiagnostics) = loader.loadFlow(slug: slug)
            let (flow, assets, flowDiagnostics) = preparation.assembler.assemble(source, displayDirectory: loader.diskPath(source.directory))
            diagnostics += loadDiagnostics + flowDiagnostics
            do throws(MustacheRenderError) {
                if let flow { rebuilt[slug] = try renderer.render(flow, settings: settings, assets: assets.sorted()).0 }
            } catch {
                diagnostics += preparation.theme.diagnostics(for: [error])
            }
        }
        let output = cache.outputDirectory
        guard !diagnostics.hasErrors else {
            return Result(site: nil, files: [], outputDirectory: output, diagnostics: diagnostics.sorted())
        }
        var records = cache.flows.map { record in
            rebuilt[record.slug].map { FlowRecord($0, digest: flowDigests[$0.slug] ?? "", fragment: 0..<0) } ?? record
        }.sorted { FlowSummary.precedes($0.summary, $1.summary) }
        let (manifest, manifestFragments) = renderer.manifest(
            settings: settings,
            fragments: records.map { rebuilt[$0.slug].map { .bytes($0.fragment) } ?? fragments[$0.slug] ?? .bytes([]) })
        for index in records.indices { records[index].fragment = manifestFragments[index] }
        // The index shows only the summaries (settings and strings cannot have changed here),
        // so it is rendered and written again only when one of them did.
        var siteFiles = [manifest]
        if records.map(\.summary) != cache.flows.map(\.summary) {
            var lookups = MustacheLookups()
            do throws(MustacheRenderError) {
                siteFiles.append(try renderer.index(settings: settings, summaries: records.map(\.summary), lookups: &lookups))
            } catch {
                return Result(
                    site: nil, files: [], outputDirectory: output,
                    diagnostics: (diagnostics + preparation.theme.diagnostics(for: [error])).sorted())
            }
        }
        let flowFiles = slugs.flatMap { rebuilt[$0]?.files ?? [] }
        let produced = Set(flowFiles.map(\.path))
        let stale = cache.flows.filter { slugs.contains($0.slug) }.flatMap(\.outputs).filter { !produced.contains($0) }
        var result = Result(
            site: nil, files: flowFiles + siteFiles, outputDirectory: output, diagnostics: diagnostics.sorted(),
            flowCount: records.count, pageCount: records.reduce(0) { $0 + $1.summary.pageCount }, rebuiltFlows: slugs)
        result.outputs = result.files.map(\.path)
        do {
            try OutputWriter(fileSystem: fileSystem).update(result.files, removing: stale, in: output)
        } catch {
            result.diagnostics.append(.error(error.message, path: error.path))
            result.rebuiltFlows = nil
            return result
        }
        var record = cache
        guard let manifestStatus = fileSystem.status(of: Path.join(output, SiteRenderer.manifestPath)) else { return result }
        record.manifest = manifestStatus
        let sources = flowFiles.compactMap { file -> String? in
            if case .copy(let source) = file.contents { return source }
            return nil
        }
        let newExtras = Self.outsideInputs(sources, options: options).filter { !cache.extraInputs.contains($0) }
        record.extraInputs += newExtras
        if !newExtras.isEmpty {
            let fingerprint = BuildCache.fingerprint(
                fileSystem: fileSystem, loader: loader, identity: identity(options, tool: tool), previous: entries,
                extraInputs: record.extraInputs)
            (record.digest, record.entries) = (fingerprint.digest, fingerprint.entries)
        } else {
            (record.digest, record.entries) = (digest, entries)
        }
        record.globalDigest = newExtras.isEmpty
            ? globalDigest : FlowRecord.digests(of: record.entries, identity: identity(options, tool: tool)).global
        record.flows = records
        record.flowCount = result.flowCount
        record.pageCount = result.pageCount
        result.diagnostics += save(record, loader: loader)
        return result
    }

    /// Site files read from outside the roots the cache walks (such as an image in `art/`), which
    /// join the fingerprint so that a change to them is noticed too.
    private static func outsideInputs(_ sources: [String], options: BuildOptions) -> [String] {
        sources.compactMap { Path.relative($0, to: options.siteDirectory) }
            .filter { path in !BuildCache.inputRoots.contains { path == $0 || path.hasPrefix($0 + "/") } }
    }

    /// What identifies a build besides its inputs: the tool and the options.
    private func identity(_ options: BuildOptions, tool: String) -> String {
        [tool, options.outputDirectory ?? "", options.baseURL ?? "", options.includeDrafts ? "drafts" : ""].joined(separator: "\u{0}")
    }

    /// Saves the cache; failing that, a warning (the next build simply starts over).
    private func save(_ cache: BuildCache, loader: SiteLoader) -> [Diagnostic] {
        do {
            try cache.save(fileSystem: fileSystem, loader: loader)
            return []
        } catch {
            return [.warning("cannot write the build cache, so the next build starts over: \(error)", path: loader.diskPath(BuildCache.directory))]
        }
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
