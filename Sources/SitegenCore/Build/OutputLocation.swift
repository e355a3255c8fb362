import Diagnostics

/// Where an output folder may be: never where writing it would overwrite or feed the site's
/// own inputs, so that a build cannot destroy the site or wedge every later build.
enum OutputLocation {
    /// The site's paths the output may be neither in nor be.
    static let protectedInputs = SiteInventory.roots + [BuildCache.directory, ".git"]

    /// Why `output` cannot be the output folder of the site `loader` reads, or nil when it can.
    /// Every component of the path is resolved first, so a link on the way counts where it leads.
    /// An output the site's own `sitegen.yml` chose (`chosenBySite`) must also lie inside the
    /// site: where a build writes is the operator's choice, never the content's.
    /// (`configured` says whether `sitegen.yml` names it, or it is the default `output`.)
    static func problem(with output: String, loader: SiteLoader, chosenBySite: Bool = false, configured: Bool = true) -> Diagnostic? {
        guard !output.isEmpty, let real = resolved(output, on: loader.fileSystem) else {
            return .error("the output folder cannot be '\(output)'", path: output)
        }
        let site = loader.root
        if chosenBySite, !configured, !Path.isInside(real, root: site) {
            return .error(
                "the output folder \(output) (the default) leads outside the site (to \(real)) through a symbolic link; a site's output must stay inside it, so remove the link or build elsewhere with --output",
                path: output)
        }
        if chosenBySite, !Path.isInside(real, root: site) {
            return .error(
                "the output folder \(output) set by \(loader.diskPath(SiteLoader.configFile)) leads outside the site (to \(real)) through a symbolic link; a site's 'output' must stay inside it, so build elsewhere with --output",
                path: loader.diskPath(SiteLoader.configFile))
        }
        if real == "/" || Path.isInside(real, root: "/proc") || Path.isInside(real, root: "/dev") || Path.isInside(real, root: "/sys") {
            return .error("the output folder \(output) is \(real), which a build must never replace; choose a folder such as \(loader.diskPath("output"))", path: output)
        }
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
        if OutputWriter.isWorkingName(Path.fileName(of: real)) {
            return .error(
                "the output folder \(output) has the name of a folder sitegen keeps beside another output, which a build of that output replaces; choose another name",
                path: output)
        }
        if let outer = enclosingOutput(of: real, on: loader.fileSystem) {
            return .error(
                "the output folder \(output) is inside \(outer), the output of another build, which replaces all of it; choose a folder outside it",
                path: output)
        }
        return nil
    }

    /// The nearest folder above `real` (a real path) that holds sitegen's output marker, if any.
    static func enclosingOutput(of real: String, on fileSystem: any FileSystem) -> String? {
        var folder = Path.directory(of: real)
        while !folder.isEmpty {
            if fileSystem.linkStatus(of: Path.join(folder, OutputWriter.markerFile))?.kind == .file { return folder }
            guard folder != "/" else { return nil }
            folder = Path.directory(of: folder)
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
