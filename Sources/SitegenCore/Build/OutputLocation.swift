import Diagnostics

/// Where an output folder may be: never where writing it would overwrite or feed the site's
/// own inputs, so that a build cannot destroy the site or wedge every later build.
enum OutputLocation {
    /// The site's paths the output may be neither in nor be.
    static let protectedInputs = SiteInventory.roots + [BuildCache.directory]

    /// Why `output` cannot be the output folder of the site `loader` reads, or nil when it can.
    static func problem(with output: String, loader: SiteLoader) -> Diagnostic? {
        guard !output.isEmpty, let real = resolved(output, on: loader.fileSystem) else {
            return .error("the output folder cannot be '\(output)'", path: output)
        }
        let site = loader.root
        if real == site || Path.isInside(site, root: real) {
            return .error(
                "the output folder \(output) \(real == site ? "is" : "contains") the site folder, which a build would replace; choose a folder such as \(loader.diskPath("output"))",
                path: output)
        }
        for input in protectedInputs where Path.isInside(real, root: Path.join(site, input)) {
            return .error(
                "the output folder \(output) is inside the site's '\(input)', so what a build writes would be read by the next; choose a folder such as \(loader.diskPath("output"))",
                path: output)
        }
        return nil
    }

    /// The real path `path` has or would have: its deepest existing folder resolved, the names
    /// below it as written; nil for a name that cannot be resolved before it exists (`.`, `..`).
    static func resolved(_ path: String, on fileSystem: any FileSystem) -> String? {
        if let real = fileSystem.realPath(path) { return real }
        let name = Path.fileName(of: path)
        guard !name.isEmpty, name != ".", name != ".." else { return nil }
        let parent = Path.directory(of: path)
        let base = parent.isEmpty ? (path.hasPrefix("/") ? "/" : fileSystem.realPath(".")) : resolved(parent, on: fileSystem)
        return base.map { $0 == "/" ? "/" + name : $0 + "/" + name }
    }
}
