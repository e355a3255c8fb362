import Diagnostics

/// A site's `static/` folder: files published as they are at the same place under the output's
/// root (a favicon, `robots.txt`, videos, downloads), read under the same rules as every input.
/// Hidden files (`.gitkeep`) are never published, and a file that would take the place of one
/// the build generates is an error.
enum StaticFiles {
    static let directory = "static"
    /// The names a favicon may have, in the order the layout prefers them.
    static let faviconNames = ["favicon.ico", "favicon.svg", "favicon.png"]

    /// The static files of the site `loader` reads, as copies into the output, and an error for
    /// each that would stand where a generated file (one of `siteFiles`, at the output's root) or
    /// a flow's folder does.
    static func collect(
        _ inventory: SiteInventory, loader: SiteLoader, flowSlugs: Set<String>, siteFiles: [String], localeFolders: [String] = []
    ) -> ([Asset], [Diagnostic]) {
        var assets: [Asset] = []
        var diagnostics: [Diagnostic] = []
        // `Index.html` is `index.html` on hosts that fold case.
        var published = FoldedNames()
        let slugs = Set(flowSlugs.map(FoldedNames.folded))
        let locales = Set(localeFolders.map(FoldedNames.folded))
        for entry in inventory.files(under: directory) {
            let destination = Path.relative(entry.path, to: directory) ?? entry.path
            let folded = FoldedNames.folded(destination)
            let top = Path.components(of: folded).first.map(String.init) ?? ""
            if let generated = locales.contains(top)
                ? "the site's pages in '\(top)'" : generatedName(top, destination: folded, flowSlugs: slugs, siteFiles: siteFiles)
            {
                diagnostics.append(
                    .error("this static file would be published as \(destination), where the build writes \(generated); rename or move it", path: loader.diskPath(entry.path)))
                continue
            }
            if let other = published.claim(destination, for: loader.diskPath(entry.path)) {
                diagnostics.append(
                    .error("this static file and \(other) differ only in case (or in how an accent is written), so many hosts would serve one of them for both; rename one", path: loader.diskPath(entry.path)))
                continue
            }
            assets.append(Asset(source: loader.diskPath(entry.path), destination: destination, root: loader.root))
        }
        return (assets, diagnostics)
    }

    /// What the build generates at `destination` (whose first component is `top`, both in lower
    /// case), or at a folder on its way, if anything.
    private static func generatedName(_ top: String, destination: String, flowSlugs: Set<String>, siteFiles: [String]) -> String? {
        if flowSlugs.contains(top) { return "flow '\(top)'" }
        if top == "assets" { return "the theme's assets" }
        if top == ImageResolver.siteImagesFolder { return "images from outside the flows" }
        // The preview serves its own files here.
        if top == "_sitegen" { return "the preview's own files" }
        // `static/index.html/a` would make `index.html` a folder.
        return siteFiles.first { FoldedNames.folded($0) == destination || FoldedNames.folded($0) == top }
    }

    /// The favicon among the static files, as a path from the output's root.
    static func favicon(in inventory: SiteInventory) -> String? {
        let names = Set(inventory.files(under: directory).map { Path.relative($0.path, to: directory) ?? $0.path })
        return faviconNames.first(where: names.contains)
    }
}
