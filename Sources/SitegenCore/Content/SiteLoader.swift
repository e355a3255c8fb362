/// Finds and reads a site's files: `sitegen.yml`, and the flows and pages under `content/`.
public struct SiteLoader: Sendable {
    public static let configFile = "sitegen.yml"
    public static let contentDirectory = "content"
    public static let flowIndexFile = "_index.md"
    /// Flow names that would collide with what the build writes at the top of the output.
    static let reservedSlugs: Set<String> = ["assets", "index.html", "manifest.json", "manifest.schema.json"]

    let fileSystem: any FileSystem
    /// The site folder as the user named it; diagnostics show paths under it.
    let siteDirectory: String

    public init(fileSystem: any FileSystem, siteDirectory: String) {
        self.fileSystem = fileSystem
        self.siteDirectory = siteDirectory
    }

    /// The path of a site-relative `path` on the file system, which is also how diagnostics show it.
    func diskPath(_ path: String) -> String {
        Path.join(siteDirectory, path)
    }

    public func load() -> (SiteSources, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var config: SourceFile?
        if fileSystem.kind(of: diskPath(Self.configFile)) == .file {
            switch read(Self.configFile) {
            case .success(let file): config = file
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            }
        }
        var flows: [FlowSources] = []
        let content = diskPath(Self.contentDirectory)
        guard fileSystem.kind(of: content) == .directory else {
            diagnostics.append(.error("no '\(Self.contentDirectory)' folder: a site keeps its flows in content/<flow>/", path: siteDirectory))
            return (SiteSources(config: config, flows: []), diagnostics)
        }
        var slugs: [String] = []
        for (name, kind) in sortedEntries(of: content, diagnostics: &diagnostics) where isVisible(name) {
            let directory = Path.join(Self.contentDirectory, name)
            guard kind == .directory else {
                if name.hasSuffix(".md") {
                    diagnostics.append(
                        .warning("not part of any flow: pages go in a flow folder, such as content/welcome/\(name)", path: diskPath(directory)))
                }
                continue
            }
            if let problem = Self.slugProblem(name) {
                diagnostics.append(.error("flow folder '\(name)' \(problem)", path: diskPath(directory)))
                continue
            }
            slugs.append(name)
        }
        for (flow, flowDiagnostics) in slugs.parallelMap(loadFlow(slug:)) {
            flows.append(flow)
            diagnostics += flowDiagnostics
        }
        if flows.isEmpty, !diagnostics.hasErrors {
            diagnostics.append(.error("the site has no flows: make a folder such as content/welcome/ with a page in it", path: content))
        }
        return (SiteSources(config: config, flows: flows), diagnostics)
    }

    /// One flow folder, for a build that reads only the flows that changed.
    func loadFlow(slug: String) -> (FlowSources, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let flow = loadFlow(slug: slug, directory: Path.join(Self.contentDirectory, slug), diagnostics: &diagnostics)
        return (flow, diagnostics)
    }

    private func loadFlow(slug: String, directory: String, diagnostics: inout [Diagnostic]) -> FlowSources {
        var flow = FlowSources(slug: slug, directory: directory, index: nil, pages: [])
        for (name, kind) in sortedEntries(of: diskPath(directory), diagnostics: &diagnostics) where name.hasSuffix(".md") {
            let path = Path.join(directory, name)
            guard kind == .file else { continue }
            guard name == Self.flowIndexFile || isVisible(name) else { continue }
            switch read(path) {
            case .success(let file):
                if name == Self.flowIndexFile {
                    flow.index = file
                } else {
                    flow.pages.append(PageFile(file: file, name: name))
                }
            case .failure(let diagnostic):
                diagnostics.append(diagnostic)
                flow.unreadablePages += 1
            }
        }
        return flow
    }

    /// Reads a site-relative file as UTF-8 text, without a byte-order mark.
    func read(_ path: String) -> Result<SourceFile, Diagnostic> {
        let shownPath = diskPath(path)
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.readFile(shownPath)
        } catch let error as FileSystemError {
            return .failure(.error("cannot read the file: \(error.reason)", path: shownPath))
        } catch {
            return .failure(.error("cannot read the file: \(error)", path: shownPath))
        }
        return TextDecoding.decode(bytes, path: shownPath).map { SourceFile(path: shownPath, text: $0) }
    }

    /// A folder's entries in name order, each with its kind (from one listing, not a stat each).
    private func sortedEntries(of directory: String, diagnostics: inout [Diagnostic]) -> [(name: String, kind: FileKind)] {
        do {
            return try fileSystem.statusOfEntries(in: directory).map { ($0.name, $0.status.kind) }.sorted { $0.name < $1.name }
        } catch {
            diagnostics.append(.error("cannot list the folder: \(error)", path: directory))
            return []
        }
    }

    private func isVisible(_ name: String) -> Bool {
        !name.hasPrefix(".") && !name.hasPrefix("_")
    }

    /// Why `name` cannot be a flow's slug, or nil when it can.
    static func slugProblem(_ name: String) -> String? {
        if reservedSlugs.contains(name) {
            return "would overwrite the output's own '\(name)'; rename the folder"
        }
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_" || scalar == ".")
        }
        return allowed ? nil : "is not a URL-safe name: use letters, digits, '-', '_' and '.'"
    }
}
