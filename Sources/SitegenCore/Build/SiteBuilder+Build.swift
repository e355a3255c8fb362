import Diagnostics
import Highlight
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
        build(options, tool: tool, waiting: waiting, readingCache: true)
    }

    /// A build, with the last build's cache or, when `readingCache` is false, as if there were none.
    private func build(_ options: BuildOptions, tool: String, waiting: @escaping @Sendable (String) -> Void, readingCache: Bool) -> Result {
        let loader: SiteLoader
        switch SiteLoader.open(fileSystem: fileSystem, siteDirectory: options.siteDirectory) {
        case .success(let opened): loader = opened
        case .failure(let diagnostic): return .failed([diagnostic])
        }
        let locks = BuildLocks(fileSystem: fileSystem, wait: options.waitForOtherBuilds, waiting: waiting)
        let siteLock = locks.lockSite(loader, workspace: options.workspace)
        if siteLock.contains(where: \.isError) { return .failed(siteLock) }
        defer { locks.releaseAll() }
        var result = build(options, loader: loader, locks: locks, tool: tool, waiting: waiting, readingCache: readingCache)
        result.diagnostics = (siteLock + result.diagnostics).sorted()
        return result
    }

    /// A build of the site `loader` reads, once its lock is taken.
    private func build(
        _ options: BuildOptions, loader: SiteLoader, locks: BuildLocks, tool: String, waiting: @escaping @Sendable (String) -> Void, readingCache: Bool
    ) -> Result {

        // The head of the previous build's cache is read first: the inputs are listed with it,
        // and the output it describes on a thread of its own, while the inputs are listed and
        // fingerprinted. Each walk lists only the folders changed since that build's.
        let cacheFolder = options.workspace.cacheFolder
        let fileSystem = fileSystem
        let cacheLoad = Background { () -> BuildCache.Loaded? in
            readingCache ? BuildCache.loadHead(loader: loader, folder: cacheFolder) : nil
        }
        // The output folder for a site whose `output` setting is `setting`.
        @Sendable func outputFolder(setting: String) -> String {
            OutputWriter.trimmed(Self.outputDirectory(options, loader: loader, setting: setting))
        }
        @Sendable func locationProblem(of output: String, setting: String, settingAt: (file: SourceFile, location: SourceLocation)? = nil) -> Diagnostic? {
            Self.outputProblem(output, options: options, loader: loader, setting: setting, settingAt: settingAt)
        }
        let outputListing = Background { () -> OutputListing? in
            guard let head = cacheLoad.result()?.head else { return nil }
            let output = outputFolder(setting: head.outputSetting)
            return locationProblem(of: output, setting: head.outputSetting) == nil
                ? OutputListing(of: output, on: fileSystem, memo: head.outputMemo) : nil
        }
        // No walk outlives the build, whatever it returns.
        defer { _ = outputListing.result() }
        // The program (the tool and the language definitions it highlights with) is looked at
        // while the head is read.
        let program = Self.program(tool, on: fileSystem)
        let loaded = cacheLoad.result()
        let head = loaded?.head
        let inventory = SiteInventory(loader: loader, memo: head?.inputMemo)
        // What the last build kept of its flows, decoded only by a build with something to do,
        // while it reads the theme and settings; no thread of this build outlives it.
        let packFolder = loader.diskPath(Path.join(cacheFolder, BuildCache.packFolder))
        var keptStarted: Background<Kept>?
        func kept() -> Background<Kept> {
            if let keptStarted { return keptStarted }
            let started = Background { () -> Kept in
                let sound = loaded?.complete().flatMap { $0.isSound ? $0 : nil }
                // What the last build kept in its packs is of use where the packs are as it left them.
                let intactPacks = sound.map { Self.intactPacks($0.packs, folder: packFolder, fileSystem: fileSystem) } ?? []
                return Kept(
                    cache: sound, intactPacks: intactPacks,
                    blocks: Self.keptBlocks(sound?.flows ?? [], intactPacks: intactPacks, folder: packFolder, fileSystem: fileSystem))
            }
            keptStarted = started
            return started
        }
        defer { _ = keptStarted?.result() }
        let identity = Self.identity(options, program: program, fileSystem: fileSystem)
        let extras = head?.extraInputs ?? []
        var fingerprint = BuildCache.fingerprint(
            inventory.files + SiteInventory(loader: loader, paths: extras).files, loader: loader, identity: identity,
            folders: inventory.flowFolders, previous: head?.entries ?? [])
        // What follows reads the inputs the fingerprint has just read from memory.
        let reader = loader.reading(through: PrereadFileSystem(base: fileSystem, files: fingerprint.read))
        // The reader lets each file's bytes go once it has read them; the fingerprint must not keep them.
        fingerprint.read = [:]
        // The theme and settings are read while the cache is decoded: the kept blocks are asked
        // for only once flows are made.
        func prepared() -> Preparation {
            let keptTask = kept()
            let (config, configDiagnostics) = reader.readConfig(inventory)
            var preparation = prepare(
                options, loader: reader, inventory: inventory, config: config, program: program, keptBlocks: { keptTask.result().blocks($0) })
            preparation.diagnostics += configDiagnostics
            return preparation
        }
        // With every input as the last build found it, so is the site's output setting: whether
        // there is anything to do is known before the theme and settings are read.
        let unchanged = head.flatMap { $0.digest == fingerprint.digest ? $0 : nil }
        let early = unchanged == nil ? prepared() : nil
        let outputSetting = early?.settings.outputDirectory ?? unchanged?.outputSetting ?? SiteSettings().outputDirectory
        let output = outputFolder(setting: outputSetting)
        if let problem = locationProblem(of: output, setting: outputSetting, settingAt: early.flatMap { Self.outputSetting(in: $0) }) {
            return .failed([problem], outputDirectory: output)
        }
        // An output sitegen may not replace is refused before anything is made beside it; the
        // transaction checks again once the output is locked.
        if let refusal = OutputWriter(fileSystem: fileSystem).refusal(of: output) {
            return .failed([.error(refusal.message, path: refusal.path)], outputDirectory: output)
        }
        if let problem = locks.lockOutput(output) { return .failed([problem], outputDirectory: output) }
        do {
            try OutputWriter(fileSystem: fileSystem).clearLeftovers(of: output)
        } catch {
            return .failed([.error(error.message, path: error.path)], outputDirectory: output)
        }

        let liveOutput = outputListing.result().flatMap { $0.describes(output, on: fileSystem) ? $0.entries : nil }
            ?? OutputWriter(fileSystem: fileSystem).inventory(of: output)
        // The last build's record is of use only for the output it describes, as it left it.
        // Compared as real paths: `output`, `./output` and the absolute path are one folder.
        let realOutput = OutputLocation.resolved(output, on: fileSystem) ?? output
        let asLeft = head.flatMap { head in
            Path.isSame(head.outputDirectory, realOutput) && head.outputIsAsLeft(liveOutput) && inventory.problems.isEmpty ? head : nil
        }
        if let asLeft, asLeft.digest == fingerprint.digest {
            return Result(
                outcome: .upToDate, site: nil, files: [], outputDirectory: output, diagnostics: asLeft.warnings.map { $0.restored(for: loader) },
                flowCount: asLeft.flowCount, pageCount: asLeft.pageCount, remains: [inventory, fingerprint, loaded, liveOutput])
        }
        let preparation = early ?? prepared()
        // The output came from the cache's record of the site's setting: a cache that records
        // another (one copied from elsewhere, or altered) is no cache, and the build starts over.
        guard Path.isSame(OutputWriter.trimmed(preparation.outputDirectory), output) else {
            _ = kept().result()
            locks.releaseAll()
            return build(options, tool: tool, waiting: waiting, readingCache: false)
        }
        // With the output as the last build left it, the staging folder is brought up to date
        // (listed, its leftovers cleared) while that build's flows are decoded, which a build
        // otherwise waited for with a core idle.
        let beginning = asLeft == nil ? nil : Background { [fileSystem] in
            Swift.Result { () throws(OutputWriter.Failure) in try OutputWriter(fileSystem: fileSystem).begin(output, current: liveOutput) }
        }
        let (globalDigest, flowDigests) = FlowRecord.digests(of: fingerprint.entries, identity: identity)
        let keptResult = kept().result()
        let (soundCache, intactPacks) = (keptResult.cache, keptResult.intactPacks)
        let previous = asLeft == nil ? nil : soundCache
        return make(
            Run(
                options: options, loader: reader, inventory: inventory, preparation: preparation, output: output,
                liveOutput: liveOutput, fingerprint: fingerprint, extraInputs: extras, identity: identity,
                keys: ProductKeys(global: globalDigest, flowDigests: flowDigests), previous: previous, cache: soundCache,
                packFolder: packFolder, intactPacks: intactPacks, beginning: beginning))
    }

    /// What the last build left that a build with something to do reads: its cache, when it is
    /// sound; the packs still as it left them; and each flow's kept code blocks, read when asked for.
    struct Kept: Sendable {
        var cache: BuildCache?
        var intactPacks: Set<String>
        var blocks: @Sendable (String) -> [String: [TokenRun]]
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
        /// The last build's cache, whatever output it was for: its packs hold code blocks still of use.
        var cache: BuildCache?
        /// The cache's folder of packs, on disk, and the packs in it that are as the last build left them.
        var packFolder: String
        var intactPacks: Set<String>
        /// The new output, begun with the current one as `liveOutput` lists it while the cache was
        /// decoded; of use where the cache proved sound (`previous`).
        var beginning: Background<Swift.Result<OutputTransaction, OutputWriter.Failure>>?
    }

    /// The one way a build makes its output: every file is part of a product (a flow's files, or
    /// a site-wide product) with a key; a product whose key the last build recorded is carried
    /// over as it is, every other one is made. With no usable cache, that is every product.
    ///
    /// Flows stream: each is assembled, rendered and written, and what the cache keeps of it
    /// goes to a pack, on every core, one flow per core at a time, so that a build holds the site's
    /// front matter and the flows in hand, never every flow's pages at once. A flow is written
    /// before the checks across flows have run; when they find an error, the new output is never
    /// swapped in, and the output stays as it was.
    private func make(_ run: Run) -> Result {
        let preparation = run.preparation
        let cacheFolder = run.options.workspace.cacheFolder
        // Flows whose key is unchanged, and whose packs are as the last build left them, are kept.
        let kept = (run.previous?.flows ?? []).filter { record in
            record.key == run.keys.flow(record.slug, otherFlows: record.otherFlows) && record.packs.allSatisfy(run.intactPacks.contains)
        }
        let outlined = outline(loader: run.loader, inventory: run.inventory, preparation: preparation, kept: kept)
        var result = Result(outcome: .failed, site: nil, files: [], outputDirectory: run.output, diagnostics: [])
        var begun: OutputTransaction?
        func failed(_ diagnostics: [Diagnostic]) -> Result {
            if let begun {
                begun.abandon()
                // The output is as the last build left it, but the links to it this one made changed its files' status times.
                if let previous = run.previous,
                    let refreshed = previous.withOutputStatuses(OutputWriter(fileSystem: fileSystem).inventory(of: run.output))
                {
                    _ = save(refreshed, loader: run.loader, folder: cacheFolder)
                }
            }
            result.diagnostics = diagnostics.sorted()
            return result
        }
        let transaction: OutputTransaction
        do throws(OutputWriter.Failure) {
            switch run.beginning?.result() {
            case let begun? where run.previous != nil:
                transaction = try begun.get()
            case let begun?:
                // Begun with the output's files to link, for a cache that proved unsound: begun again without.
                (try? begun.get())?.abandon()
                transaction = try OutputWriter(fileSystem: fileSystem).begin(run.output, current: nil)
            case nil:
                transaction = try OutputWriter(fileSystem: fileSystem).begin(run.output, current: run.previous == nil ? nil : run.liveOutput)
            }
        } catch {
            return failed(preparation.diagnostics + outlined.diagnostics + [.error(error.message, path: error.path)])
        }
        begun = transaction
        do {
            try fileSystem.makeRealDirectory(run.loader.diskPath(cacheFolder))
            try fileSystem.makeRealDirectory(run.packFolder)
        } catch {
            return failed(preparation.diagnostics + outlined.diagnostics + [.error("cannot write the build cache: \(error)", path: run.packFolder)])
        }
        let pack = PackWriter(fileSystem: fileSystem, folder: run.packFolder, prefix: packPrefix(run))

        // Each flow: assembled, rendered, its files written and its fragment and code blocks packed.
        let renderer = SiteRenderer(theme: preparation.compiledTheme)
        let settings = preparation.settings
        let assembler = preparation.assembler
        let highlighting = preparation.highlighting
        let keptHighlights = Dictionary((run.cache?.flows ?? []).map { ($0.slug, $0.highlights) }) { first, _ in first }
        let loader = run.loader
        var made = Array(outlined.flows.indices).parallelMap { index -> MadeFlow in
            let (outline, diagnostics) = self.outline(
                index, of: outlined, loader: loader, inventory: run.inventory, preparation: preparation)
            let assembled = assembler.assemble(outline, directory: outlined.directory)
            var made = MadeFlow(facts: FlowFacts(outline, assembled))
            made.facts.diagnostics += diagnostics
            guard let flow = assembled.flow else { return made }
            do throws(MustacheRenderError) {
                // An image several pages show is one file of the output.
                let (rendered, _) = try renderer.render(flow, settings: settings, assets: Array(Set(assembled.assets)).sorted())
                transaction.write(rendered.files)
                // Stored after what goes before it in the manifest, so that fragments stored one after another are copied as one.
                let fragment = pack.append(ManifestBuilder.flowSeparator + rendered.fragment)
                let (blocks, changed) = highlighting.take(flow: flow.slug)
                let kept = keptHighlights[flow.slug] ?? nil
                let highlights = changed || kept.map({ !run.intactPacks.contains($0.pack) }) == true
                    ? (blocks.entries.isEmpty ? nil : pack.append(blocks.bytes)) : kept
                let facts = made.facts
                made.record = FlowRecord(
                    slug: flow.slug, key: "", summary: rendered.summary, outputs: rendered.outputs, fragment: fragment, highlights: highlights,
                    otherFlows: Self.otherFlows(of: rendered, assets: facts.assets, loader: loader), pages: facts.pages,
                    translatedPages: facts.translatedPages, drafts: facts.drafts, assets: facts.assets.map(RecordedAsset.init),
                    warnings: facts.diagnostics.filter { !$0.isError }.map { $0.cached(site: loader.siteDirectory) })
            } catch {
                made.failure = error
            }
            return made
        }
        // What was made, taken apart once: a flow's record is large, and a build of 10,000 flows
        // held several copies of them all at its end (10 MB each).
        let facts = made.map(\.facts)
        let failures = Set(made.compactMap(\.failure)).sorted { ($0.path, $0.location) < ($1.path, $1.location) }
        var fresh = made.compactMap(\.record)
        made = []
        let (problems, linkProblems, staticFiles) = siteProblems(
            facts, kept: kept, slugs: outlined.slugs, loader: run.loader, inventory: run.inventory, preparation: preparation)
        // The problems of a flow's links into other flows are its own: a build that keeps it (its
        // key covers the flows it links to) repeats them from its record.
        for index in fresh.indices {
            let warnings = linkProblems[fresh[index].slug, default: []].filter { !$0.isError }
            fresh[index].warnings += warnings.map { $0.cached(site: loader.siteDirectory) }
        }
        // Every build reports the warnings of the whole site, whatever it kept (as compilers repeat
        // those of what they do not compile again); one with nothing to do, those the cache keeps.
        let siteDiagnostics = preparation.diagnostics + outlined.diagnostics + problems
        var diagnostics = siteDiagnostics + facts.flatMap(\.diagnostics) + linkProblems.values.flatMap { $0 }
            + kept.flatMap(\.warnings).map { $0.restored(for: run.loader) }
        diagnostics += preparation.theme.diagnostics(for: failures)
        guard !diagnostics.hasErrors else { return failed(diagnostics) }
        if let failure = transaction.failure { return failed(diagnostics + [.error(failure.message, path: failure.path)]) }
        transaction.flushWrittenSoFar()

        // The files made from the site's media (image versions, stills, animations), on every core, from the cache where it has them.
        let workshop = MediaWorkshop(loader: run.loader, folder: run.loader.diskPath(Path.join(cacheFolder, MediaWorkshop.folderName)))
        do {
            try fileSystem.makeRealDirectory(workshop.folder)
        } catch {
            return failed(diagnostics + [.error("cannot write the build cache: \(error)", path: workshop.folder)])
        }
        let media = workshop.make(fresh.flatMap { $0.assets.map(\.asset) })
        diagnostics += media.diagnostics
        guard !diagnostics.hasErrors else { return failed(diagnostics) }
        transaction.write(media.files)

        let rebuilt = fresh.map(\.slug)
        let freshOutputs = fresh.flatMap(\.outputs)
        var records = kept + fresh
        fresh = []
        records.sort { FlowSummary.precedes($0.summary, $1.summary) }
        let oldPacks = (run.cache?.packs ?? []).filter { run.intactPacks.contains($0.name) }
        compact(&records, packs: oldPacks, into: pack, folder: run.packFolder)
        let packs: [PackFile]
        do {
            packs = try pack.finish()
        } catch {
            return failed(diagnostics + [.error("cannot write the build cache: \(error.reason)", path: error.path)])
        }

        // Then every site-wide product whose key changed.
        let products = renderer.siteProducts(
            settings: settings, staticFiles: staticFiles, summaries: records.map(\.summary),
            fragments: records.map { record in
                ManifestFragment(
                    name: record.fragment.name,
                    piece: .range(record.fragment.offset..<(record.fragment.offset + record.fragment.length), of: Path.join(run.packFolder, record.fragment.pack)),
                    separated: true)
            })
        let recorded = Dictionary((run.previous?.products ?? []).map { ($0.name, $0) }) { first, _ in first }
        // The products whose key changed are made on every core, then written together.
        let keyed = products.map { product in (product: product, key: run.keys.site(product)) }
        let remade = keyed.parallelMap { product, key -> Swift.Result<[OutputFile], MustacheRenderError>? in
            if let record = recorded[product.name], record.key == key { return nil }
            return Swift.Result { () throws(MustacheRenderError) in try product.make() }
        }
        // Each product with its output files; its key is taken once the fingerprint is final.
        var productOutputs: [(product: SiteProduct, outputs: [String])] = []
        var carried = kept.flatMap(\.outputs)
        var productFiles: [OutputFile] = []
        for ((product, _), made) in zip(keyed, remade) {
            switch made {
            case nil:
                let outputs = recorded[product.name]?.outputs ?? []
                carried += outputs
                productOutputs.append((product, outputs))
            case .success(let files)?:
                productFiles += files
                productOutputs.append((product, files.map(\.path)))
            case .failure(let error)?:
                return failed(diagnostics + preparation.theme.diagnostics(for: [error]))
            }
        }
        // Remember what this build was made from, for the next one. Files it read from outside
        // the usual roots join the fingerprint, and with it every key.
        let extras = Self.outsideInputs(records.flatMap { $0.assets.map(\.source) }, loader: run.loader)
        let final = extras == run.extraInputs
            ? run.fingerprint
            : BuildCache.fingerprint(
                run.inventory.files + SiteInventory(loader: run.loader, paths: extras).files, loader: run.loader,
                identity: run.identity, folders: run.inventory.flowFolders, previous: run.fingerprint.entries)
        var keys = run.keys
        // The keys came from this very fingerprint, unless files from outside the roots joined it.
        if extras != run.extraInputs { keys.global = FlowRecord.digests(of: final.entries, identity: run.identity).global }
        let referenced = Set(records.flatMap(\.packs))
        let keptPacks = (oldPacks + packs).filter { referenced.contains($0.name) }
        let outputDirectory = OutputLocation.resolved(run.output, on: fileSystem) ?? run.output
        // Each record's key, set in place rather than in a copy of them all.
        for index in records.indices {
            records[index].key = keys.flow(records[index].slug, otherFlows: records[index].otherFlows)
        }
        // The cache but for the output's statuses, known once the output is committed. Its body
        // is encoded while the site-wide files are written.
        let newCache = BuildCache(
            digest: final.digest, globalDigest: keys.global, entries: final.entries, outputDirectory: outputDirectory,
            outputSetting: preparation.settings.outputDirectory, extraInputs: extras, outputs: [], inputFolders: run.inventory.record,
            flows: records, siteWarnings: siteDiagnostics.filter { !$0.isError }.map { $0.cached(site: run.loader.siteDirectory) },
            products: productOutputs.map { product, outputs in
                ProductRecord(name: product.name, key: keys.site(product), outputs: outputs)
            },
            packs: keptPacks)
        let encodedBody = Background { Swift.Result { try RecordEncoder.encodeInChunks(newCache.body) } }
        transaction.write(productFiles)
        if !productFiles.isEmpty { transaction.flushWrittenSoFar() }
        result.files += productFiles
        transaction.carry(carried)
        // The head is encoded while the output is flushed to storage, and the cache written once
        // the new output is in place.
        var encodedCache: Swift.Result<[[UInt8]], any Error> = .success([])
        // A commit that fails leaves the staging folder to the next build, whatever step it failed at.
        begun = nil
        do {
            try transaction.commit { outputs, folders in
                var head = newCache.head
                head.outputs = outputs
                head.outputFolders = folders
                encodedCache = Swift.Result { try BuildCache.encoded(head: head, body: try encodedBody.result().get()) }
            }
        } catch {
            _ = encodedBody.result()
            return failed(diagnostics + [.error(error.message, path: error.path)])
        }
        // Everything, or only some flows (and whatever depends on them) with the rest carried over.
        result.outcome = carried.isEmpty ? .builtEverything : .rebuiltFlows(records.map(\.slug).filter(Set(rebuilt).contains))
        result.diagnostics = diagnostics
        result.diagnostics.sort()
        result.outputs = result.files.map(\.path) + freshOutputs
        result.flowCount = records.count
        result.pageCount = records.reduce(0) { $0 + $1.summary.pageCount }
        result.highlightedBlocks = highlighting.highlightedCount
        result.madeMedia = media.madeCount

        result.diagnostics += save(encodedCache, loader: run.loader, folder: cacheFolder)
        removePacks(except: Set(keptPacks.map(\.name)), folder: run.packFolder)
        workshop.removeUnused(keeping: records.flatMap { $0.assets.map(\.asset) })
        removeEarlierLayouts(loader: run.loader, folder: cacheFolder)
        // Only what the build holds to its end anyway: keeping what it has let go would raise its peak.
        result.remains = [run, records, newCache, transaction]
        return result
    }

    /// What making one flow left: its facts, and its record once it is written (or the template
    /// that failed).
    private struct MadeFlow: Sendable {
        var facts: FlowFacts
        var record: FlowRecord?
        var failure: MustacheRenderError?
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
            .filter { path in !SiteInventory.roots.contains { Path.isInside(path, root: $0) } }
    }

    /// What identifies a build besides its inputs: the program (`program(_:on:)`) and the options,
    /// an output folder by its real path, however it was named.
    private static func identity(_ options: BuildOptions, program: String, fileSystem: any FileSystem) -> String {
        let output = options.outputDirectory.map { OutputWriter.trimmed($0) }.map { OutputLocation.resolved($0, on: fileSystem) ?? $0 }
        return [program, output ?? "", options.baseURL?.text ?? "", options.includeDrafts ? "drafts" : ""]
            .joined(separator: "\u{0}")
    }

    /// Saves the cache; failing that, a warning (the next build simply starts over).
    private func save(_ cache: BuildCache, loader: SiteLoader, folder: String) -> [Diagnostic] {
        save(Swift.Result { try cache.encoded() }, loader: loader, folder: folder)
    }

    /// Writes a cache already encoded; a warning when it cannot be encoded or written.
    private func save(_ encoded: Swift.Result<[[UInt8]], any Error>, loader: SiteLoader, folder: String) -> [Diagnostic] {
        do {
            try BuildCache.write(encoded.get(), loader: loader, folder: folder)
            return []
        } catch {
            return [.warning("cannot write the build cache, so the next build starts over: \(error)", path: loader.diskPath(folder))]
        }
    }
}
