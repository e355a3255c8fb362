import Diagnostics
import Mustache

extension SiteBuilder {
    /// Checks the site, then emits it: the output folder becomes the new build as a whole, or
    /// stays as it was when anything failed, whatever instant the build stops at.
    ///
    /// One build runs at a time per site and per output folder: a second one waits (after
    /// telling `waiting` why) or, with `options.waitForOtherBuilds` off, fails at once.
    ///
    /// The build cache makes most rebuilds cheap. When no input, option or tool changed since the
    /// last build and its output is exactly as that build left it, nothing is done. When only pages
    /// inside some flow folders changed, only those flows are rendered, and every other file of
    /// the output is carried over as it is; anything else (configuration, a template, a flow added
    /// or removed, the binary, an output changed by hand) builds the whole site. `tool` identifies
    /// the program doing the build (its version and binary).
    package func build(
        _ options: BuildOptions, tool: String = SitegenVersion.version, waiting: @escaping @Sendable (String) -> Void = { _ in }
    ) -> Result {
        let loader: SiteLoader
        switch SiteLoader.open(fileSystem: fileSystem, siteDirectory: options.siteDirectory) {
        case .success(let opened): loader = opened
        case .failure(let diagnostic): return .failed([diagnostic])
        }
        let locks = BuildLocks(fileSystem: fileSystem, wait: options.waitForOtherBuilds, waiting: waiting)
        if let problem = locks.lockSite(loader, workspace: options.workspace) { return .failed([problem]) }
        defer { locks.releaseAll() }

        // The previous build's cache is read on a thread of its own while the inputs are listed.
        let cacheFolder = options.workspace.cacheFolder
        let cacheLoad = Background { BuildCache.load(loader: loader, folder: cacheFolder) }
        let inventory = SiteInventory(loader: loader)
        let cache = cacheLoad.result()
        // The program: the tool and the language definitions it highlights with, looked at once.
        let program = Self.program(tool)
        let identity = Self.identity(options, program: program)
        let extras = SiteInventory(loader: loader, paths: cache?.extraInputs ?? []).files
        let fingerprint = BuildCache.fingerprint(
            inventory.files + extras, loader: loader, identity: identity, previous: cache?.entries ?? [])
        // What follows reads the inputs the fingerprint has just read from memory.
        let reader = loader.reading(through: PrereadFileSystem(base: fileSystem, files: fingerprint.read))
        let (config, configDiagnostics) = reader.readConfig(inventory)
        var preparation = prepare(options, loader: reader, inventory: inventory, config: config, program: program)
        preparation.diagnostics += configDiagnostics
        let output = OutputWriter.trimmed(preparation.outputDirectory)
        // A preview's output is its own, inside its cache; any other is checked.
        if options.workspace.fixedOutput == nil, let problem = OutputLocation.problem(
            with: output, loader: loader, chosenBySite: options.outputDirectory == nil)
        {
            return .failed([problem], outputDirectory: output)
        }
        if let problem = locks.lockOutput(output) { return .failed([problem], outputDirectory: output) }
        do {
            try OutputWriter(fileSystem: fileSystem).clearLeftovers(of: output)
        } catch {
            return .failed([.error(error.message, path: error.path)], outputDirectory: output)
        }

        let (globalDigest, flowDigests) = FlowRecord.digests(of: fingerprint.entries, identity: identity)
        let liveOutput = OutputWriter(fileSystem: fileSystem).inventory(of: output)
        let plan = BuildPlanner.plan(
            .init(
                cache: cache, digest: fingerprint.digest, globalDigest: globalDigest, flowDigests: flowDigests,
                outputDirectory: output, outputIsAsLeft: cache?.outputIsAsLeft(liveOutput) ?? false,
                inputsHaveProblems: !inventory.problems.isEmpty))
        let run = Run(
            options: options, loader: reader, inventory: inventory, preparation: preparation, output: output,
            liveOutput: liveOutput, fingerprint: fingerprint, identity: identity, globalDigest: globalDigest,
            flowDigests: flowDigests)
        switch (plan, cache) {
        case (.upToDate, let cache?):
            return Result(
                outcome: .upToDate, site: nil, files: [], outputDirectory: output, diagnostics: [], flowCount: cache.flowCount,
                pageCount: cache.pageCount)
        case (.flows(let slugs), let cache?):
            return rebuild(flows: slugs, cache: cache, run)
        default:
            return buildEverything(run)
        }
    }

    /// What one build has found out before it renders anything.
    struct Run {
        var options: BuildOptions
        /// The loader that reads through the fingerprint's bytes.
        var loader: SiteLoader
        var inventory: SiteInventory
        var preparation: Preparation
        var output: String
        /// Every file of the output as it is, when it could be listed.
        var liveOutput: [DirectoryWalker.Entry]?
        var fingerprint: BuildCache.Fingerprint
        var identity: String
        var globalDigest: String
        var flowDigests: [String: String]
    }

    /// Renders every flow into a new output, each flow's files written as soon as they are
    /// rendered, and swaps it in when everything was written.
    private func buildEverything(_ run: Run) -> Result {
        let modelled = model(run.options, loader: run.loader, inventory: run.inventory, preparation: run.preparation)
        guard let site = modelled.site else { return .failed(modelled.diagnostics, outputDirectory: run.output) }
        var result = Result(outcome: .failed, site: nil, files: [], outputDirectory: run.output, diagnostics: modelled.diagnostics)
        let rendered: SiteRenderer.Rendered
        let outputs: [DirectoryWalker.Entry]
        do {
            let transaction = try OutputWriter(fileSystem: fileSystem).begin(run.output)
            rendered = SiteRenderer(theme: run.preparation.compiledTheme).render(site, recordingMisses: false, sink: transaction.write)
            guard rendered.failures.isEmpty else {
                result.diagnostics = (result.diagnostics + run.preparation.theme.diagnostics(for: rendered.failures)).sorted()
                return result
            }
            transaction.write(rendered.files)
            outputs = try transaction.commit()
        } catch {
            result.diagnostics.append(.error(error.message, path: error.path))
            return result
        }
        result.outcome = .builtEverything
        result.site = site
        result.files = rendered.files
        result.outputs = rendered.files.map(\.path) + rendered.flows.flatMap(\.outputs)
        result.flowCount = site.flows.count
        result.pageCount = site.pageCount

        // Remember what this build was made from, for the next one.
        let extras = Self.outsideInputs(site.assets.map(\.source), loader: run.loader)
        let final = extras.isEmpty
            ? run.fingerprint
            : BuildCache.fingerprint(
                run.inventory.files + SiteInventory(loader: run.loader, paths: extras).files, loader: run.loader,
                identity: run.identity, previous: run.fingerprint.entries)
        let record = BuildCache(
            digest: final.digest,
            globalDigest: extras.isEmpty ? run.globalDigest : FlowRecord.digests(of: final.entries, identity: run.identity).global,
            entries: final.entries, outputDirectory: run.output, extraInputs: extras, outputs: outputs,
            flowCount: result.flowCount, pageCount: result.pageCount,
            flows: zip(rendered.flows, rendered.manifestFragments).map { flow, fragment in
                FlowRecord(flow, digest: run.flowDigests[flow.slug] ?? "", fragment: fragment)
            })
        result.diagnostics += save(record, loader: run.loader, folder: run.options.workspace.cacheFolder)
        result.diagnostics += save(
            run.preparation.highlighting.storesToSave(built: site.flows.map(\.slug)), allFlows: Set(site.flows.map(\.slug)),
            loader: run.loader, folder: run.options.workspace.cacheFolder)
        result.highlightedBlocks = run.preparation.highlighting.highlightedCount
        return result
    }

    /// Rebuilds only `slugs`, reusing every other flow's summary from the cache and its manifest
    /// fragment and files from the output as it is.
    private func rebuild(flows slugs: [String], cache: BuildCache, _ run: Run) -> Result {
        // The configuration and theme are unchanged since the last full build, which reported
        // their warnings; only errors would matter, and there can be none.
        let preparation = run.preparation
        let settings = preparation.settings
        var diagnostics = preparation.diagnostics.filter(\.isError)
        let renderer = SiteRenderer(theme: preparation.compiledTheme)
        var rebuilt: [String: SiteRenderer.RenderedFlow] = [:]
        let directory = PageDirectory(flows: [:], inventory: run.inventory)
        for slug in slugs {
            let (source, loadDiagnostics) = run.loader.loadFlow(slug: slug, inventory: run.inventory)
            let assembled = preparation.assembler.assemble(
                source, displayDirectory: run.loader.diskPath(source.directory), directory: directory)
            // A link between this flow and another needs the other's pages: the whole site is built.
            let linkedFrom = cache.flows.contains { !slugs.contains($0.slug) && $0.linkedFlows.contains(slug) }
            if linkedFrom || !assembled.linkedFlows.isEmpty {
                return buildEverything(run)
            }
            diagnostics += loadDiagnostics + assembled.diagnostics
            do throws(MustacheRenderError) {
                if let flow = assembled.flow {
                    rebuilt[slug] = try renderer.render(flow, settings: settings, assets: assembled.assets.sorted()).0
                }
            } catch {
                diagnostics += preparation.theme.diagnostics(for: [error])
            }
        }
        guard !diagnostics.hasErrors, let fragments = cache.manifestFragments() else {
            return .failed(diagnostics, outputDirectory: run.output)
        }
        var records = cache.flows.map { record in
            rebuilt[record.slug].map { FlowRecord($0, digest: run.flowDigests[$0.slug] ?? "", fragment: 0..<0) } ?? record
        }.sorted { FlowSummary.precedes($0.summary, $1.summary) }
        let (manifest, manifestFragments) = renderer.manifest(
            settings: settings,
            fragments: records.map { rebuilt[$0.slug].map { .bytes($0.fragment) } ?? fragments[$0.slug] ?? .bytes([]) })
        for index in records.indices { records[index].fragment = manifestFragments[index] }
        // The index shows only the summaries (settings and strings cannot have changed here),
        // so it is rendered again only when one of them did.
        // The loader carries every flow's content version, so it is written again too.
        var siteFiles = [manifest, renderer.embedLoader(summaries: records.map(\.summary))]
        if records.map(\.summary.asIndexed) != cache.flows.map(\.summary.asIndexed) {
            var lookups = MustacheLookups()
            do throws(MustacheRenderError) {
                siteFiles.append(try renderer.index(settings: settings, summaries: records.map(\.summary), lookups: &lookups))
            } catch {
                return .failed(diagnostics + preparation.theme.diagnostics(for: [error]), outputDirectory: run.output)
            }
        }
        let written = slugs.flatMap { rebuilt[$0]?.files ?? [] } + siteFiles
        // Every other file of the output stays as it is: carried into the new output unread.
        var replaced = Set(written.map(\.path))
        replaced.formUnion(cache.flows.filter { slugs.contains($0.slug) }.flatMap(\.outputs))
        replaced.insert(OutputWriter.markerFile)
        replaced.formUnion(OutputWriter.placeholders)
        let carried = cache.outputs.map(\.path).filter { !replaced.contains($0) }
        var record = cache
        var result = Result(
            outcome: .rebuiltFlows(slugs), site: nil, files: written, outputDirectory: run.output, diagnostics: diagnostics.sorted(),
            flowCount: records.count, pageCount: records.reduce(0) { $0 + $1.summary.pageCount })
        result.outputs = written.map(\.path)
        do {
            let transaction = try OutputWriter(fileSystem: fileSystem).begin(run.output, current: run.liveOutput)
            transaction.write(written)
            transaction.carry(carried)
            record.outputs = try transaction.commit()
        } catch {
            result.diagnostics.append(.error(error.message, path: error.path))
            result.outcome = .failed
            return result
        }
        let sources = written.compactMap { file -> String? in
            if case .copy(let source, _) = file.contents { return source }
            return nil
        }
        let newExtras = Self.outsideInputs(sources, loader: run.loader).filter { !cache.extraInputs.contains($0) }
        record.extraInputs += newExtras
        if !newExtras.isEmpty {
            let fingerprint = BuildCache.fingerprint(
                run.inventory.files + SiteInventory(loader: run.loader, paths: record.extraInputs).files, loader: run.loader,
                identity: run.identity, previous: run.fingerprint.entries)
            (record.digest, record.entries) = (fingerprint.digest, fingerprint.entries)
            record.globalDigest = FlowRecord.digests(of: record.entries, identity: run.identity).global
        } else {
            (record.digest, record.entries) = (run.fingerprint.digest, run.fingerprint.entries)
            record.globalDigest = run.globalDigest
        }
        record.flows = records
        record.flowCount = result.flowCount
        record.pageCount = result.pageCount
        result.diagnostics += save(record, loader: run.loader, folder: run.options.workspace.cacheFolder)
        result.diagnostics += save(
            preparation.highlighting.storesToSave(built: slugs), allFlows: nil, loader: run.loader, folder: run.options.workspace.cacheFolder)
        result.highlightedBlocks = preparation.highlighting.highlightedCount
        return result
    }

    /// Site files read from outside the roots the inventory walks (such as an image in `art/`),
    /// which join the fingerprint so that a change to them is noticed too.
    private static func outsideInputs(_ sources: [String], loader: SiteLoader) -> [String] {
        sources.compactMap { Path.relative($0, to: loader.siteDirectory) }
            .filter { path in !SiteInventory.roots.contains { path == $0 || path.hasPrefix($0 + "/") } }
    }

    /// What identifies a build besides its inputs: the program (`program(_:)`) and the options.
    private static func identity(_ options: BuildOptions, program: String) -> String {
        [program, options.outputDirectory ?? "", options.baseURL?.text ?? "", options.includeDrafts ? "drafts" : ""]
            .joined(separator: "\u{0}")
    }

    /// Saves the highlighted blocks of the flows whose blocks changed, and with `allFlows` (a whole
    /// build) removes those of flows that are gone; failing that, a warning.
    private func save(_ stores: [String: HighlightStore], allFlows: Set<String>?, loader: SiteLoader, folder: String) -> [Diagnostic] {
        do {
            for (flow, store) in stores.sorted(by: { $0.key < $1.key }) { try store.save(flow: flow, loader: loader, folder: folder) }
            if let allFlows { try HighlightStore.removeOthers(than: allFlows, loader: loader, folder: folder) }
            return []
        } catch {
            return [.warning("cannot keep the highlighted code blocks, so the next build highlights them again: \(error)", path: loader.diskPath(folder))]
        }
    }

    /// Saves the cache; failing that, a warning (the next build simply starts over).
    private func save(_ cache: BuildCache, loader: SiteLoader, folder: String) -> [Diagnostic] {
        do {
            try cache.save(loader: loader, folder: folder)
            return []
        } catch {
            return [.warning("cannot write the build cache, so the next build starts over: \(error)", path: loader.diskPath(folder))]
        }
    }
}
