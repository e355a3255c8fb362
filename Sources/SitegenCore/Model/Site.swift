/// The whole site, ready to render: settings and flows in their final order, plain values.
public struct Site: Sendable {
    public var settings: SiteSettings
    public var flows: [Flow]
    /// Every image the output needs, each once, sorted by destination.
    public var assets: [Asset]

    public init(settings: SiteSettings, flows: [Flow], assets: [Asset]) {
        self.settings = settings
        self.flows = flows
        self.assets = assets
    }

    public var pageCount: Int { flows.reduce(0) { $0 + $1.pages.count } }
}

/// A file copied from the site into the output as it is.
public struct Asset: Sendable, Hashable, Comparable {
    /// Where it is read from, on the file system.
    public var source: String
    /// Where it goes, relative to the output folder.
    public var destination: String
    /// The real path of the site folder, which the copied file must lie inside.
    public var root: String

    public init(source: String, destination: String, root: String) {
        self.source = source
        self.destination = destination
        self.root = root
    }

    public static func < (lhs: Asset, rhs: Asset) -> Bool {
        (lhs.destination, lhs.source) < (rhs.destination, rhs.source)
    }
}
