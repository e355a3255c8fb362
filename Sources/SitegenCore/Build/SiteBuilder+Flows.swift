import Diagnostics

/// The stages `check` and `build` share: every flow read as far as its front matter (what links
/// between pages need of the whole site), each flow assembled on its own, and the checks that
/// span flows once every flow is known.
extension SiteBuilder {
    /// The flows a build makes, read as far as their front matter.
    struct Outlined {
        /// Each flow to make, by slug.
        var flows: [String]
        /// The outlines kept from this first reading, by index in `flows`, each handed out once
        /// with the problems reading its folder found; a flow without one is read again when it
        /// is made (see `outlineBudget`).
        var outlines: Handoff<KeptOutline>
        /// Where every page of the site is, kept flows' included.
        var directory: PageDirectory
        /// Every flow folder's slug, kept or not.
        var slugs: [String]
        /// The problems of the content folder itself (a page in no flow, say); a flow folder's
        /// are its own, reported with the flow (and kept with it for builds that keep the flow).
        var diagnostics: [Diagnostic]
    }

    /// A flow's outline from the first reading, with the problems reading its folder found.
    struct KeptOutline: Sendable {
        var outline: FlowAssembler.Outline
        var diagnostics: [Diagnostic]
    }

    /// About how much memory the outlines kept from the first reading may take (their files'
    /// bytes and `outlinePageCost` a page): the flows past it are read again when they are made,
    /// so that a build holds the front matter of a large site rather than all of it (a site of up
    /// to some 10,000 pages of the benchmark's is read once).
    static let defaultOutlineBudget = 16 << 20
    static let outlinePageCost = 1024

    /// Reads the front matter of every flow not among `kept` (the flows a build carries over,
    /// whose records say where their pages are): what links between pages need of every flow.
    func outline(loader: SiteLoader, inventory: SiteInventory, preparation: Preparation, kept: [FlowRecord]) -> Outlined {
        let keptSlugs = Set(kept.map(\.slug))
        let (slugs, folderDiagnostics) = loader.flowSlugs(inventory)
        var budget = outlineBudget
        let flows = slugs.filter { !keptSlugs.contains($0) }.map { slug in
            let size = inventory.files(under: Path.join(ContentLayout.directory, slug)).reduce(0) { $0 + $1.status.size + Self.outlinePageCost }
            budget -= size
            return (slug: slug, keeps: budget >= 0)
        }
        let outlined = flows.parallelMap { flow in
            let (outline, diagnostics) = self.outline(flow.slug, loader: loader, inventory: inventory, preparation: preparation)
            return (kept: flow.keeps ? KeptOutline(outline: outline, diagnostics: diagnostics) : nil, directory: outline.directory)
        }
        let pages = zip(flows, outlined).map { ($0.slug, $1.directory) }
        let keptPages = kept.map { record in (record.slug, { @Sendable in record.directory }) }
        var kept: [Int: KeptOutline] = [:]
        for (index, flow) in outlined.enumerated() { kept[index] = flow.kept }
        var directory = PageDirectory(
            flows: Dictionary(pages) { first, _ in first }, keptFlows: Dictionary(keptPages) { first, _ in first }, inventory: inventory)
        directory.locales = Set(preparation.settings.translatedLocales)
        return Outlined(flows: flows.map(\.slug), outlines: Handoff(kept), directory: directory, slugs: slugs, diagnostics: folderDiagnostics)
    }

    /// One flow read as far as its front matter, with the problems reading its folder found.
    func outline(_ slug: String, loader: SiteLoader, inventory: SiteInventory, preparation: Preparation)
        -> (FlowAssembler.Outline, [Diagnostic])
    {
        let (source, diagnostics) = loader.loadFlow(slug: slug, inventory: inventory)
        return (preparation.assembler.outline(source, displayDirectory: loader.diskPath(source.directory)), diagnostics)
    }

    /// Flow `index` of `outlined`, handed out once: its outline kept, or read again, with the
    /// problems reading its folder found.
    func outline(_ index: Int, of outlined: Outlined, loader: SiteLoader, inventory: SiteInventory, preparation: Preparation)
        -> (FlowAssembler.Outline, [Diagnostic])
    {
        if let kept = outlined.outlines.take(index) { return (kept.outline, kept.diagnostics) }
        return outline(outlined.flows[index], loader: loader, inventory: inventory, preparation: preparation)
    }

    /// What a build keeps of each flow it assembled, whether or not it rendered it: what the
    /// checks across flows need, and its record for the cache.
    struct FlowFacts: Sendable {
        var slug: String
        var diagnostics: [Diagnostic]
        /// Links to headings of other flows.
        var checks: [AnchorCheck]
        /// The images it copies.
        var assets: [Asset]
        /// Each page's file name, id and headings' anchors; with the headings of its translations'
        /// pages, each named `<locale>/<file name>`.
        var pages: [FlowRecord.Page]
        var translatedPages: [FlowRecord.Page]
        var drafts: [String]

        init(_ outline: FlowAssembler.Outline, _ assembled: FlowAssembler.Assembled) {
            slug = outline.source.slug
            diagnostics = assembled.diagnostics
            checks = assembled.checks
            assets = assembled.assets
            pages = outline.pages.map { FlowRecord.Page(file: $0.name, id: $0.id, anchors: assembled.headings[$0.name, default: []].sorted()) }
            translatedPages = assembled.headings.filter { $0.key.utf8.contains(UInt8(ascii: "/")) }.sorted { $0.key < $1.key }
                .map { FlowRecord.Page(file: $0.key, id: "", anchors: $0.value.sorted()) }
            drafts = outline.drafts.sorted()
        }

        /// The anchors of each page's headings, by file name (`<locale>/<file>` for translations).
        var headings: [String: Set<String>] {
            Dictionary((pages + translatedPages).map { ($0.file, Set($0.anchors)) }) { first, _ in first }
        }
    }

    /// The problems no one flow shows: links to headings of other flows (by the flow that holds
    /// them), two images published at one path, static files in the way of generated ones, flows
    /// named like locales. With the static files to publish.
    func siteProblems(
        _ facts: [FlowFacts], kept: [FlowRecord], slugs: [String], loader: SiteLoader, inventory: SiteInventory, preparation: Preparation
    ) -> (diagnostics: [Diagnostic], links: [String: [Diagnostic]], staticFiles: [Asset]) {
        // The headings of the flows that links from other flows point into, and no others.
        let linked = Set(facts.flatMap { $0.checks.map(\.flow) })
        var headings = Dictionary(kept.filter { linked.contains($0.slug) }.map { ($0.slug, $0.headings) }) { first, _ in first }
        for flow in facts where linked.contains(flow.slug) { headings[flow.slug] = flow.headings }
        var links: [String: [Diagnostic]] = [:]
        for flow in facts where !flow.checks.isEmpty {
            let problems = FlowAssembler.problems(with: flow.checks, headings: headings)
            if !problems.isEmpty { links[flow.slug, default: []] += problems }
        }
        var diagnostics: [Diagnostic] = []
        if preparation.highlighting.missedDefinitions { diagnostics.append(SiteLanguages.missingDefinitions) }
        diagnostics += Self.collisions(in: Set(facts.flatMap(\.assets) + kept.flatMap { $0.assets.map(\.asset) }))
        let settings = preparation.settings
        let (staticFiles, staticDiagnostics) = StaticFiles.collect(
            inventory, loader: loader, flowSlugs: Set(slugs), siteFiles: SiteRenderer.rootFiles, localeFolders: settings.translatedLocales)
        diagnostics += Self.localeClashes(settings: settings, flowSlugs: slugs, loader: loader)
        return (diagnostics + staticDiagnostics, links, staticFiles)
    }
}
