/// The whole site, ready to render: settings and flows in their final order, plain values.
package struct Site: Sendable {
    package var settings: SiteSettings
    package var flows: [Flow]
    /// Every image the output needs, each once, sorted by destination.
    package var assets: [Asset]
    /// The files of `static/`, copied to the output's root as they are.
    package var staticFiles: [Asset]

    package init(settings: SiteSettings, flows: [Flow], assets: [Asset], staticFiles: [Asset] = []) {
        self.settings = settings
        self.flows = flows
        self.assets = assets
        self.staticFiles = staticFiles
    }

    package var pageCount: Int { flows.reduce(0) { $0 + $1.pages.count } }
}

/// A file of the site published in the output: copied as it is, or made from it by a recipe.
package struct Asset: Sendable, Hashable, Comparable {
    /// Where it is read from, on the file system.
    package var source: String
    /// Where it goes, relative to the output folder.
    package var destination: String
    /// The real path of the site folder, which the copied file must lie inside.
    package var root: String
    /// How the file is made from `source`, when it is not a copy of it.
    package var recipe: MediaRecipe?

    package init(source: String, destination: String, root: String, recipe: MediaRecipe? = nil) {
        self.source = source
        self.destination = destination
        self.root = root
        self.recipe = recipe
    }

    /// The flow whose folder of the output it goes in.
    var flowSlug: String { Path.components(of: destination).first.map(String.init) ?? "" }

    package static func < (lhs: Asset, rhs: Asset) -> Bool {
        (lhs.destination, lhs.source) < (rhs.destination, rhs.source)
    }
}
