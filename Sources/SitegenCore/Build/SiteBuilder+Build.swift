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
        let extras = cache?.extraInputs ?? []
        var fingerprint = BuildCache.fingerprint(
            inventory.files + SiteInventory(loader: loader, paths: extras).files, loader: loader, identity: identity,
            folders: inventory.flowFolders, previous: cache?.entries ?? [])
        // What follows reads the inputs the fingerprint has just read from memory.
        let reader = loader.reading(through: PrereadFileSystem(base: fileSystem, files: fingerprint.read))
        // The reader lets each file's bytes go once it has read them; the fingerprint must not keep them.
        fingerprint.read = [:]
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
        // The last build's record is of use only for the output it describes, as it left it.
        let previous = cache.flatMap { cache in
            cache.outputDirectory == output && cache.isSound && cache.outputIsAsLeft(liveOutput) && inventory.problems.isEmpty ? cache : nil
        }
        if let previous, previous.digest == fingerprint.digest {
            return Result(
                outcome: .upToDate, site: nil, files: [], outputDirectory: output, diagnostics: [], flowCount: previous.flowCount,
                pageCount: previous.pageCount)
        }
        return make(
            Run(
                options: options, loader: reader, inventory: inventory, preparation: preparation, output: output,
                liveOutput: liveOutput, fingerprint: fingerprint, extraInputs: extras, identity: identity,
                keys: ProductKeys(global: globalDigest, flowDigests: flowDigests), previous: previous))
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
        /// The files outside the usual roots that the fingerprint holds.
        var extraInputs: [String]
        var identity: String
        var keys: ProductKeys
        /// The last build's cache, when the output is still as that build left it.
        var previous: BuildCache?
    }

    /// The one way a build makes its output: every file is part of a product (a flow's files, or
    /// a site-wide product) with a key; a product whose key the last build recorded is carried
    /// over as it is, every other one is made. With no usable cache, that is every product.
    private func make(_ run: Run) -> Result {
        let preparation = run.preparation
        let cacheFolder = run.options.workspace.cacheFolder
        // Flows whose key is unchanged, and whose manifest fragment the cache still holds, are kept.
        let kept = (run.previous?.flows ?? []).filter { record in
            record.key == run.keys.flow(record.slug, otherFlows: record.otherFlows)
                && fileSystem.linkStatus(of: fragmentPath(record.fragment, run)).map { $0.sameContent(as: record.fragmentStatus) } == true
        }
        let modelled = model(run.options, loader: run.loader, inventory: run.inventory, preparation: preparation, kept: kept)
        guard let site = modelled.site else { return .failed(modelled.diagnostics, outputDirectory: run.output) }
        // The settings and theme's warnings were reported by the build that made the theme's files.
        let themeKept = run.previous?.globalDigest == run.keys.global
        var result = Result(
            outcome: .failed, site: nil, files: [], outputDirectory: run.output,
            diagnostics: themeKept ? modelled.diagnostics.filter { $0.isError || !preparation.diagnostics.contains($0) } : modelled.diagnostics)
        let digest = run.fingerprint.digest
        let transaction: OutputTransaction
        do {
            transaction = try OutputWriter(fileSystem: fileSystem).begin(run.output, current: run.previous == nil ? nil : run.liveOutput)
        } catch {
            result.diagnostics.append(.error(error.message, path: error.path))
            return result
        }
        let fragments = run.loader.diskPath(Path.join(cacheFolder, Self.fragmentFolder))
        do {
            try fileSystem.makeRealDirectory(fragments)
        } catch {
            result.diagnostics.append(.error("cannot write the build cache: \(error)", path: fragments))
            return result
        }

        // Each flow's files go to the output, and its manifest fragment to the cache, as it is rendered.
        let renderer = SiteRenderer(theme: preparation.compiledTheme)
        let rendered = renderer.renderFlows(site) { flow in
            transaction.write(flow.files)
            transaction.keep(flow.fragment, at: fragmentPath(Self.fragmentName(digest, flow.slug), run))
        }
        guard rendered.failures.isEmpty else {
            result.diagnostics = (result.diagnostics + preparation.theme.diagnostics(for: rendered.failures)).sorted()
            return result
        }
        if let failure = transaction.failure {
            result.diagnostics.append(.error(failure.message, path: failure.path))
            return result
        }
        let made = Dictionary(modelled.made.map { ($0.slug, $0) }) { first, _ in first }
        var records = kept
        for flow in rendered.flows {
            let facts = made[flow.slug]
            let fragment = Self.fragmentName(digest, flow.slug)
            guard let status = fileSystem.linkStatus(of: fragmentPath(fragment, run)) else {
                result.diagnostics.append(.error("cannot write the build cache", path: fragmentPath(fragment, run)))
                return result
            }
            let assets = facts?.assets ?? []
            records.append(FlowRecord(
                slug: flow.slug, key: "", summary: flow.summary, outputs: flow.outputs, fragment: fragment, fragmentStatus: status,
                otherFlows: Self.otherFlows(of: flow, assets: assets, loader: run.loader), pages: facts?.pages ?? [],
                translatedPages: facts?.translatedPages ?? [], drafts: facts?.drafts ?? [], assets: assets.map(RecordedAsset.init)))
        }
        records.sort { FlowSummary.precedes($0.summary, $1.summary) }

        // Then every site-wide product whose key changed.
        let products = renderer.siteProducts(
            settings: site.settings, staticFiles: site.staticFiles, summaries: records.map(\.summary),
            fragments: records.map { ManifestFragment(name: $0.fragment, piece: .range(0..<$0.fragmentStatus.size, of: fragmentPath($0.fragment, run))) })
        let recorded = Dictionary((run.previous?.products ?? []).map { ($0.name, $0) }) { first, _ in first }
        var productRecords: [ProductRecord] = []
        var carried = kept.flatMap(\.outputs)
        for product in products {
            let key = run.keys.site(product)
            if let record = recorded[product.name], record.key == key {
                carried += record.outputs
                productRecords.append(record)
                continue
            }
            do throws(MustacheRenderError) {
                let files = try product.make()
                transaction.write(files)
                result.files += files
                productRecords.append(ProductRecord(name: product.name, key: key, outputs: files.map(\.path)))
            } catch {
                result.diagnostics = (result.diagnostics + preparation.theme.diagnostics(for: [error])).sorted()
                return result
            }
        }
        transaction.carry(carried)
        let outputs: [DirectoryWalker.Entry]
        do {
            outputs = try transaction.commit()
        } catch {
            result.diagnostics.append(.error(error.message, path: error.path))
            return result
        }
        let rebuilt = Set(rendered.flows.map(\.slug))
        result.site = site
        // Everything, or only some flows (and whatever depends on them) with the rest carried over.
        result.outcome = carried.isEmpty ? .builtEverything : .rebuiltFlows(records.map(\.slug).filter(rebuilt.contains))
        result.outputs = result.files.map(\.path) + rendered.flows.flatMap(\.outputs)
        result.flowCount = records.count
        result.pageCount = records.reduce(0) { $0 + $1.summary.pageCount }
        result.highlightedBlocks = preparation.highlighting.highlightedCount

        // Remember what this build was made from, for the next one. Files it read from outside
        // the usual roots join the fingerprint, and with it every key.
        let extras = Self.outsideInputs(records.flatMap { $0.assets.map(\.source) }, loader: run.loader)
        let final = extras == run.extraInputs
            ? run.fingerprint
            : BuildCache.fingerprint(
                run.inventory.files + SiteInventory(loader: run.loader, paths: extras).files, loader: run.loader,
                identity: run.identity, folders: run.inventory.flowFolders, previous: run.fingerprint.entries)
        var keys = run.keys
        keys.global = FlowRecord.digests(of: final.entries, identity: run.identity).global
        let cache = BuildCache(
            digest: final.digest, globalDigest: keys.global, entries: final.entries, outputDirectory: run.output, extraInputs: extras,
            outputs: outputs,
            flows: records.map { record in
                var record = record
                record.key = keys.flow(record.slug, otherFlows: record.otherFlows)
                return record
            },
            products: zip(productRecords, products).map { record, product in
                ProductRecord(name: record.name, key: keys.site(product), outputs: record.outputs)
            })
        result.diagnostics += save(cache, loader: run.loader, folder: cacheFolder)
        removeFragments(except: Set(cache.flows.map(\.fragment)), run)
        result.diagnostics += save(
            preparation.highlighting.storesToSave(built: Array(rebuilt)), allFlows: Set(records.map(\.slug)), loader: run.loader,
            folder: cacheFolder)
        return result
    }

    /// The cache's folder of manifest fragments, one file per flow of each build, named for the
    /// build's inputs and the flow, so that a build never writes over a file the kept cache names.
    static let fragmentFolder = "manifest"

    private static func fragmentName(_ digest: String, _ slug: String) -> String {
        var name = ContentHash()
        name.add(digest)
        name.add(slug)
        return name.hex
    }

    private func fragmentPath(_ name: String, _ run: Run) -> String {
        run.loader.diskPath(Path.join(run.options.workspace.cacheFolder, Self.fragmentFolder, name))
    }

    /// Removes the fragments no flow of the saved cache names: those of earlier builds, and
    /// any a failed or stopped build left.
    private func removeFragments(except kept: Set<String>, _ run: Run) {
        let folder = run.loader.diskPath(Path.join(run.options.workspace.cacheFolder, Self.fragmentFolder))
        guard fileSystem.linkStatus(of: folder)?.kind == .directory else { return }
        for name in (try? fileSystem.contentsOfDirectory(folder)) ?? [] where !kept.contains(name) {
            try? fileSystem.remove(Path.join(folder, name))
        }
    }

    /// The flows besides its own whose files `flow` was made from: those it links to, and those
    /// whose folders hold an image it shows.
    private static func otherFlows(of flow: SiteRenderer.RenderedFlow, assets: [Asset], loader: SiteLoader) -> [String] {
        let imageFlows = assets.compactMap { Path.relative($0.source, to: loader.siteDirectory).flatMap(ContentLayout.flowSlug(containing:)) }
        return Set(flow.linkedFlows + imageFlows.map(String.init)).subtracting([flow.slug]).sorted()
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
