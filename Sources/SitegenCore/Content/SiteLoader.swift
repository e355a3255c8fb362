import Diagnostics

/// Finds and reads a site's files: `sitegen.yml`, and the flows and pages under `content/`.
/// It reads only regular files whose real path is inside the site folder.
package struct SiteLoader: Sendable {
    package static let configFile = "sitegen.yml"

    let fileSystem: any FileSystem
    /// The site folder as the user named it; diagnostics show paths under it.
    let siteDirectory: String
    /// The real path of the site folder, which every read stays inside.
    let root: String

    /// A loader for the site in `siteDirectory`; an error when there is no such folder.
    package static func open(fileSystem: any FileSystem, siteDirectory: String) -> Result<SiteLoader, Diagnostic> {
        guard let status = fileSystem.status(of: siteDirectory) else {
            return .failure(.error("the site folder does not exist", path: siteDirectory))
        }
        guard status.kind == .directory else {
            return .failure(.error("the site folder is \(status.kind.description), not a folder", path: siteDirectory))
        }
        guard let root = fileSystem.realPath(siteDirectory), fileSystem.status(of: root)?.kind == .directory else {
            return .failure(.error("the site folder has been removed or moved away (it has no path any more)", path: siteDirectory))
        }
        return .success(SiteLoader(fileSystem: fileSystem, siteDirectory: siteDirectory, root: root))
    }

    init(fileSystem: any FileSystem, siteDirectory: String, root: String) {
        self.fileSystem = fileSystem
        self.siteDirectory = siteDirectory
        self.root = root
    }

    /// The same site read through another file system (one that answers some reads from memory).
    func reading(through fileSystem: any FileSystem) -> SiteLoader {
        SiteLoader(fileSystem: fileSystem, siteDirectory: siteDirectory, root: root)
    }

    /// The path of a site-relative `path` on the file system, which is also how diagnostics show it.
    func diskPath(_ path: String) -> String {
        Path.join(siteDirectory, path)
    }

    /// `sitegen.yml`, when the site has one, and every flow.
    package func load() -> (SiteSources, [Diagnostic]) {
        load(SiteInventory(loader: self))
    }

    func load(_ inventory: SiteInventory) -> (SiteSources, [Diagnostic]) {
        let (config, configDiagnostics) = readConfig(inventory)
        let (flows, flowDiagnostics) = loadFlows(inventory)
        return (SiteSources(config: config, flows: flows), configDiagnostics + flowDiagnostics)
    }

    /// Every flow folder under `content/`, read (with `only`, those of these slugs); with the
    /// inventory's problems and those of the site's flows as a whole.
    func loadFlows(_ inventory: SiteInventory, only: Set<String>? = nil) -> ([FlowSources], [Diagnostic]) {
        let (slugs, diagnostics) = flowSlugs(inventory)
        return loadFlows(only.map { only in slugs.filter(only.contains) } ?? slugs, inventory: inventory, diagnostics: diagnostics)
    }

    /// The flows of `slugs`, read, after `diagnostics` (those `flowSlugs` found).
    func loadFlows(_ slugs: [String], inventory: SiteInventory, diagnostics: [Diagnostic]) -> ([FlowSources], [Diagnostic]) {
        var diagnostics = diagnostics
        var flows: [FlowSources] = []
        for (flow, flowDiagnostics) in slugs.parallelMap({ loadFlow(slug: $0, inventory: inventory) }) {
            flows.append(flow)
            diagnostics += flowDiagnostics
        }
        return (flows, diagnostics)
    }

    /// The slug of every flow folder under `content/`, found from the inventory alone, with the
    /// inventory's problems and those of the folders (a bad name, a page outside any flow, no flows).
    func flowSlugs(_ inventory: SiteInventory) -> ([String], [Diagnostic]) {
        var diagnostics = inventory.problems
        let content = diskPath(ContentLayout.directory)
        guard inventory.directories.contains(ContentLayout.directory) else {
            // A 'content' the walk could not take has been reported already.
            if diagnostics.contains(where: { $0.path == content }) { return ([], diagnostics) }
            let what = fileSystem.status(of: content).map { "'\(ContentLayout.directory)' is \($0.kind.description), not a folder" }
                ?? "no '\(ContentLayout.directory)' folder"
            diagnostics.append(.error("\(what): a site keeps its flows in content/<flow>/", path: siteDirectory))
            return ([], diagnostics)
        }
        var slugs: [String] = []
        var folded = FoldedNames()
        for directory in inventory.flowFolders {
            guard let name = ContentLayout.flowSlug(ofFolder: directory) else { continue }
            if let problem = ContentLayout.slugProblem(name) {
                diagnostics.append(.error("flow folder '\(name)' \(problem)", path: diskPath(directory)))
            } else if let other = folded.claim(name, for: name) {
                diagnostics.append(
                    .error("flow folders '\(other)' and '\(name)' differ only in case, so many hosts would serve one of them for both; rename one", path: diskPath(directory)))
            } else {
                slugs.append(name)
            }
        }
        for entry in inventory.files(under: ContentLayout.directory)
        where Path.directory(of: entry.path) == ContentLayout.directory && PageNaming.isPageFile(Path.fileName(of: entry.path)) {
            diagnostics.append(
                .warning("not part of any flow: pages go in a flow folder, such as content/welcome/\(Path.fileName(of: entry.path))",
                    path: diskPath(entry.path)))
        }
        if slugs.isEmpty, !diagnostics.hasErrors {
            diagnostics.append(.error("the site has no flows: make a folder such as content/welcome/ with a page in it", path: content))
        }
        return (slugs, diagnostics)
    }

    /// `sitegen.yml`, read, when the site has one.
    func readConfig(_ inventory: SiteInventory) -> (SourceFile?, [Diagnostic]) {
        if inventory.directories.contains(Self.configFile) {
            return (nil, [.error("'\(Self.configFile)' is a folder; the site's settings go in a file of that name", path: diskPath(Self.configFile))])
        }
        guard inventory.files.contains(where: { $0.path == Self.configFile }) else { return (nil, []) }
        switch read(Self.configFile) {
        case .success(let file): return (file, [])
        case .failure(let diagnostic): return (nil, [diagnostic])
        }
    }

    /// One flow folder: its `_index.md` and the pages directly inside it. A Markdown file in a
    /// subfolder is not a page, and is reported rather than dropped without a word.
    func loadFlow(slug: String, inventory: SiteInventory) -> (FlowSources, [Diagnostic]) {
        let directory = Path.join(ContentLayout.directory, slug)
        var diagnostics: [Diagnostic] = []
        var flow = FlowSources(slug: slug, directory: directory, index: nil, pages: [])
        for entry in inventory.files(under: directory) {
            let name = Path.fileName(of: entry.path)
            let isIndexTranslation = name != ContentLayout.flowIndexFile && name.hasPrefix("_index.") && PageNaming.isPageFile(name)
            guard name == ContentLayout.flowIndexFile || isIndexTranslation || (ContentLayout.isVisible(name) && PageNaming.isPageFile(name))
            else { continue }
            guard Path.directory(of: entry.path) == directory else {
                diagnostics.append(
                    .warning("not a page of flow '\(slug)': pages go directly in the flow's folder, not in a subfolder", path: diskPath(entry.path)))
                continue
            }
            switch read(entry.path) {
            case .success(let file):
                if name == ContentLayout.flowIndexFile {
                    flow.index = file
                } else if isIndexTranslation {
                    flow.indexTranslations.append(PageFile(file: file, name: name))
                } else {
                    flow.pages.append(PageFile(file: file, name: name))
                }
            case .failure(let diagnostic):
                diagnostics.append(diagnostic)
                flow.unreadablePages += 1
            }
        }
        return (flow, diagnostics)
    }

    /// The largest text file (a page, `_index.md`, `sitegen.yml`, a template) a site may have: a
    /// book's worth of Markdown, and a bound on what a build makes of it.
    static let maximumTextFileSize = 4 << 20

    /// Reads a site-relative file as UTF-8 text, without a byte-order mark.
    func read(_ path: String) -> Result<SourceFile, Diagnostic> {
        let shownPath = diskPath(path)
        // Made only for a file that is too large: every page of every build passes here.
        func tooLarge() -> Diagnostic {
            .error("the file is larger than \(Self.maximumTextFileSize >> 20) MiB, the most a text file of a site may be; split it", path: shownPath)
        }
        if let size = fileSystem.readableSize(of: shownPath), size > Self.maximumTextFileSize { return .failure(tooLarge()) }
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.readFile(shownPath, confinedTo: root)
        } catch {
            return .failure(.error("cannot read the file: \(Self.reason(error))", path: shownPath))
        }
        guard bytes.count <= Self.maximumTextFileSize else { return .failure(tooLarge()) }
        // Read in stream-safe form (`streamSafe`): every comparison of the text after stays linear.
        return TextDecoding.decode(bytes, path: shownPath).map { SourceFile(path: shownPath, text: $0.streamSafe) }
    }

    /// Why a read failed, in words for a diagnostic.
    static func reason(_ error: any Error) -> String {
        guard let error = error as? FileSystemError else { return "\(error)" }
        switch error.kind {
        case .outsideRoot(let real): return "it is really \(real), outside the site folder; sitegen reads only the site's own files"
        case .notFound: return "it does not exist"
        default: return error.reason
        }
    }
}
