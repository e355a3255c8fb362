import Diagnostics
import Highlight
import Mustache

/// The build pipeline, top to bottom: load → parse → model → render → emit.
///
/// Every stage is a function of its inputs; the file system is the only thing reached from
/// outside, and it is injected.
package struct SiteBuilder: Sendable {
    let fileSystem: any FileSystem
    /// See `defaultOutlineBudget`; tests set it to read every flow twice.
    package var outlineBudget = Self.defaultOutlineBudget

    package init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    /// What a build or check produced.
    package struct Result: Sendable {
        /// What the build did.
        package var outcome: BuildOutcome
        /// The site, when a check or a full build modelled it.
        package var site: Site?
        /// The files of the output, when the site had no errors: all of them for a check, the
        /// site-wide ones for a build (which writes each flow's files as soon as they are rendered).
        package var files: [OutputFile]
        /// The path of every file a build wrote, relative to the output folder.
        package var outputs: [String] = []
        /// The output folder written (or that would be written).
        package var outputDirectory: String
        /// Sorted by file and position.
        package var diagnostics: [Diagnostic]
        /// How many flows and pages the site has (also when it was up to date).
        package var flowCount = 0
        package var pageCount = 0
        /// How many code blocks the build highlighted, rather than found from an earlier build.
        package var highlightedBlocks = 0
        /// How many media files (image versions, stills, animations) the build made, rather than
        /// found in its cache.
        package var madeMedia = 0
        /// What the build worked from (its inputs' listing, the caches, the flows made), held by
        /// the result so that a process ending with the build can keep it rather than free it
        /// (`CLIEnvironment.keepUntilExit`).
        package var remains: [any Sendable] = []

        /// True when the build produced its output, found it up to date, or the check passed.
        package var succeeded: Bool { outcome != .failed }
        /// True when nothing had changed since the last build, so nothing was done.
        package var upToDate: Bool { outcome == .upToDate }
        /// The flows an incremental build rebuilt; nil for any other outcome.
        package var rebuiltFlows: [String]? {
            if case .rebuiltFlows(let slugs) = outcome { return slugs }
            return nil
        }

        static func failed(_ diagnostics: [Diagnostic], outputDirectory: String = "") -> Result {
            Result(outcome: .failed, site: nil, files: [], outputDirectory: outputDirectory, diagnostics: diagnostics.sorted())
        }
    }

    /// What every build needs before it reads a flow: the theme (templates parsed, strings with
    /// the site's own on top), the site settings, and the assembler that turns flows into models.
    struct Preparation {
        var theme: Theme
        var compiledTheme: CompiledTheme
        var settings: SiteSettings
        var assembler: FlowAssembler
        /// The highlighter the assembler's code blocks share.
        var highlighting: CodeHighlighting
        /// Where the build writes: `--output`, else `sitegen.yml`'s `output`.
        var outputDirectory: String
        var diagnostics: [Diagnostic]
        /// `sitegen.yml`, as read.
        var config: SourceFile?
    }

    /// Loads the theme with the site's overrides, parses it and `config` (`sitegen.yml`).
    /// `program` (see `program(_:on:)`) is part of every remembered code block's key; `keptBlocks`
    /// finds the blocks an earlier build kept for a flow.
    func prepare(
        _ options: BuildOptions, loader: SiteLoader, inventory: SiteInventory, config: SourceFile?, program: String? = nil,
        keptBlocks: @escaping @Sendable (String) -> [String: [TokenRun]] = { _ in [:] }
    ) -> Preparation {
        let (theme, themeDiagnostics) = ThemeLoader(loader: loader).load(inventory)
        var (compiledTheme, templateDiagnostics) = theme.compile()
        var (settings, settingsDiagnostics) = SiteSettings.read(
            config, stringKeys: compiledTheme.strings.keys, stringPlaceholders: compiledTheme.defaultStringPlaceholders,
            themeDefaults: ThemePalette.parse(compiledTheme.stylesheet))
        let diagnostics = themeDiagnostics + templateDiagnostics + settingsDiagnostics
        if let baseURL = options.baseURL {
            settings.baseURL = baseURL
        }
        compiledTheme.strings = compiledTheme.strings.overridden(by: settings.strings)
        var stringDiagnostics: [Diagnostic] = []
        for locale in settings.locales where !compiledTheme.strings.hasStrings(for: locale) {
            let message = StringTable.missingProblem(locale)
            stringDiagnostics.append(
                config.map { $0.warning(message, at: settings.localeLocations[locale], length: locale.utf8.count) }
                    ?? .warning(message, path: loader.diskPath(SiteLoader.configFile)))
        }
        settings.favicon = StaticFiles.favicon(in: inventory)
        let outputDirectory = Self.outputDirectory(options, loader: loader, setting: settings.outputDirectory)
        let outputInSite = OutputLocation.resolved(OutputWriter.trimmed(outputDirectory), on: fileSystem)
            .flatMap { Path.relative($0, to: loader.root) }
        var resolver = ImageResolver(
            loader: loader, allowsScripts: settings.markdown.unsafe, excludedFolders: outputInSite.map { [$0] } ?? [])
        resolver.locales = settings.locales
        resolver.responsive = settings.responsiveImages
        let (highlighting, languageDiagnostics) = SiteLanguages.highlighting(
            inventory, loader: loader, program: program ?? Self.program(SitegenVersion.version, on: fileSystem), kept: keptBlocks)
        if settings.highlight { highlighting.startIndexing() }
        let code = CodeBlockRenderer(highlighting: settings.highlight ? highlighting : nil)
        let assembler = FlowAssembler(
            parser: PageParser(resolver: resolver, markdown: settings.markdown, code: code),
            site: settings, strings: compiledTheme.strings, includeDrafts: options.includeDrafts, gatesShowOnce: options.workspace != .preview)
        return Preparation(
            theme: theme, compiledTheme: compiledTheme, settings: settings, assembler: assembler, highlighting: highlighting,
            outputDirectory: outputDirectory, diagnostics: diagnostics + stringDiagnostics + languageDiagnostics, config: config)
    }

    /// Where a build writes: a preview's own folder, else `--output`, else the site's `output`
    /// setting (`setting`), inside the site.
    static func outputDirectory(_ options: BuildOptions, loader: SiteLoader, setting: String) -> String {
        options.workspace.fixedOutput.map(loader.diskPath) ?? options.outputDirectory ?? loader.diskPath(setting)
    }

    /// Why `output` (for the site's `output` setting `setting`) cannot be where a build writes,
    /// or nil: a preview's own output, inside its cache, always can; any other is checked. A
    /// problem with the folder `sitegen.yml` chose is reported where it says so (`settingAt`).
    static func outputProblem(
        _ output: String, options: BuildOptions, loader: SiteLoader, setting: String, settingAt: (file: SourceFile, location: SourceLocation)? = nil
    ) -> Diagnostic? {
        let configured = setting != SiteSettings().outputDirectory
        guard options.workspace.fixedOutput == nil,
            let problem = OutputLocation.problem(with: output, loader: loader, chosenBySite: options.outputDirectory == nil, configured: configured)
        else { return nil }
        // (The default folder, even when written out, is blamed where it is: it is the link.)
        guard options.outputDirectory == nil, configured, let (file, location) = settingAt else { return problem }
        return file.error(problem.message, at: location)
    }

    /// Where `preparation`'s `sitegen.yml` sets the output, when it does.
    static func outputSetting(in preparation: Preparation) -> (file: SourceFile, location: SourceLocation)? {
        guard let file = preparation.config, let location = preparation.settings.outputSettingLocation else { return nil }
        return (file, location)
    }

    /// What builds: `tool` (its version and binary) and the system's language definitions, whose
    /// upgrade changes highlighted output.
    static func program(_ tool: String, on fileSystem: any FileSystem) -> String {
        tool + "\u{0}" + SiteLanguages.systemFingerprint(on: fileSystem)
    }

    /// The site as a model, ready to render, for `check`.
    struct Modelled {
        /// The site, when it had no errors.
        var site: Site?
        var preparation: Preparation
        var diagnostics: [Diagnostic]
    }

    /// Loads, parses and models the whole site, through the stages a build streams its flows
    /// through, holding every flow.
    func model(_ options: BuildOptions, loader: SiteLoader, inventory: SiteInventory) -> Modelled {
        let (config, configDiagnostics) = loader.readConfig(inventory)
        let preparation = prepare(options, loader: loader, inventory: inventory, config: config)
        let outlined = outline(loader: loader, inventory: inventory, preparation: preparation, kept: [])
        let assembler = preparation.assembler
        let assembled = Array(outlined.flows.indices).parallelMap { index -> (FlowFacts, Flow?) in
            let (outline, diagnostics) = self.outline(
                index, of: outlined, loader: loader, inventory: inventory, preparation: preparation)
            let flow = assembler.assemble(outline, directory: outlined.directory)
            var facts = FlowFacts(outline, flow)
            facts.diagnostics += diagnostics
            return (facts, flow.flow)
        }
        let facts = assembled.map(\.0)
        var flows = assembled.compactMap(\.1)
        flows.sort { ($0.order ?? Int.max, $0.slug) < ($1.order ?? Int.max, $1.slug) }
        let (problems, linkProblems, staticFiles) = siteProblems(
            facts, kept: [], slugs: outlined.slugs, loader: loader, inventory: inventory, preparation: preparation)
        let diagnostics = configDiagnostics + preparation.diagnostics + outlined.diagnostics + facts.flatMap(\.diagnostics) + problems
            + linkProblems.values.flatMap { $0 }
        let site = diagnostics.hasErrors
            ? nil
            : Site(settings: preparation.settings, flows: flows, assets: Set(facts.flatMap(\.assets)).sorted(), staticFiles: staticFiles)
        return Modelled(site: site, preparation: preparation, diagnostics: diagnostics.sorted())
    }

    /// An error for each flow whose folder has the name of one of the site's translated locales,
    /// whose pages go in a folder of that name (compared as hosts that fold case do).
    static func localeClashes(settings: SiteSettings, flowSlugs: [String], loader: SiteLoader) -> [Diagnostic] {
        let locales = Dictionary(settings.translatedLocales.map { ($0.lowercased(), $0) }) { first, _ in first }
        return flowSlugs.compactMap { slug in
            guard let locale = locales[slug.lowercased()] else { return nil }
            return .error(
                "flow folder '\(slug)' has the name of the site's locale '\(locale)', whose pages are published in \(locale)/: rename the folder",
                path: loader.diskPath(Path.join(ContentLayout.directory, slug)))
        }
    }

    /// An error for each output path that two different files would be published at (an image
    /// from outside the flow is published under `_site/`, where the flow may have one of its own).
    static func collisions(in assets: Set<Asset>) -> [Diagnostic] {
        // Sorted by their bytes: paths that are one text in two Unicode forms are equal to `<`, and
        // the set's order, which changes from run to run, chose which one the error named.
        func precedes(_ first: String, _ second: String) -> Bool { first.utf8.lexicographicallyPrecedes(second.utf8) }
        let groups = Dictionary(grouping: assets, by: \.destination).values.filter { $0.count > 1 }.map { sources in
            (destination: sources.map(\.destination).min(by: precedes) ?? "", paths: sources.map(\.source).sorted(by: precedes))
        }
        return groups.sorted { precedes($0.destination, $1.destination) }.map { destination, paths in
            .error("two files would be published as \(destination): \(paths.joined(separator: " and ")); rename one of them", path: paths[0])
        }
    }

    /// Loads, parses, models and renders the site, writing nothing. With `strict`, also reports
    /// every name a template uses that the data never has.
    package func check(_ options: BuildOptions, strict: Bool = false) -> Result {
        let loader: SiteLoader
        switch SiteLoader.open(fileSystem: fileSystem, siteDirectory: options.siteDirectory) {
        case .success(let opened): loader = opened
        case .failure(let diagnostic): return .failed([diagnostic])
        }
        let modelled = model(options, loader: loader, inventory: SiteInventory(loader: loader))
        let outputDirectory = modelled.preparation.outputDirectory
        guard let site = modelled.site else { return .failed(modelled.diagnostics, outputDirectory: outputDirectory) }
        let preparation = modelled.preparation
        let rendered = SiteRenderer(theme: preparation.compiledTheme).render(site, recordingMisses: strict)
        var diagnostics = modelled.diagnostics + preparation.theme.diagnostics(for: rendered.failures)
        // Where the build would write is checked as the build checks it.
        let setting = site.settings.outputDirectory
        if let problem = Self.outputProblem(
            OutputWriter.trimmed(outputDirectory), options: options, loader: loader, setting: setting, settingAt: Self.outputSetting(in: preparation))
        {
            diagnostics.append(problem)
        } else if options.workspace.fixedOutput == nil, let refusal = OutputWriter(fileSystem: fileSystem).refusal(of: OutputWriter.trimmed(outputDirectory)) {
            diagnostics.append(.error(refusal.message, path: refusal.path))
        }
        if strict { diagnostics += Self.templateNameWarnings(rendered.lookups, theme: preparation.theme) }
        if site.settings.requireTranslations { diagnostics += TranslationStatus.read(loader: loader).warnings(loader: loader) }
        diagnostics.sort()
        return Result(
            outcome: diagnostics.hasErrors ? .failed : .checked, site: site, files: rendered.files,
            outputDirectory: outputDirectory, diagnostics: diagnostics, flowCount: site.flows.count, pageCount: site.pageCount)
    }

    /// A warning for each tag whose name no render found in the data.
    private static func templateNameWarnings(_ lookups: MustacheLookups, theme: Theme) -> [Diagnostic] {
        // (A partial the theme does not have is reported by every build, from the templates alone.)
        lookups.neverFound.map { theme.warning("'\($0.name)' is never in the data this template is rendered with", at: $0) }
    }
}
