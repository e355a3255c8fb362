import Diagnostics

/// Where every page of the site is, for links between pages: each flow's pages by file name, with
/// the id the page has in the carousel. Built from front matter alone, before any page is rendered,
/// so that a link's address never waits for the page it points to.
struct PageDirectory: Sendable {
    /// One flow's pages.
    struct FlowPages: Sendable {
        /// Each published page's id, by file name.
        var ids: [String: String] = [:]
        /// Pages left out of this build as drafts, by file name.
        var drafts: Set<String> = []
        /// The id of the flow's first page.
        var firstID: String?
        /// Pages whose front matter could not be read (each has its error), by file name, and the
        /// ids they would have from their names: a link to one is not a second problem.
        var unreadable: Set<String> = []
        var unreadableIDs: Set<String> = []
    }

    var flows: [String: FlowPages] = [:]
    /// Flows an earlier build made and this one keeps, whose pages are worked out only when a link
    /// names them: a one-page rebuild of 1,000 flows made every kept flow's table for one link.
    var keptFlows: [String: @Sendable () -> FlowPages] = [:]
    /// Names at the output's root that are not flows but that a link may name: the build's own
    /// files and folders, and the top of each static file's path.
    var published: Set<String> = Set(ContentLayout.reservedSlugs)
    /// The locales the site is translated into, whose folders at the output's root hold its translations.
    var locales: Set<String> = []
    /// Every file `static/` publishes, and every folder it has, relative to it (to the output's root).
    var staticFiles: Set<String> = []
    var staticFolders: Set<String> = []

    init(flows: [String: FlowPages] = [:]) {
        self.flows = flows
    }

    /// `flows` and `keptFlows`, and the names the static files of `inventory` are published under.
    init(flows: [String: FlowPages], keptFlows: [String: @Sendable () -> FlowPages] = [:], inventory: SiteInventory) {
        self.flows = flows
        self.keptFlows = keptFlows
        for entry in inventory.files(under: StaticFiles.directory) {
            let path = Path.relative(entry.path, to: StaticFiles.directory) ?? entry.path
            published.insert(Path.components(of: path).first.map(String.init) ?? "")
            staticFiles.insert(path)
            staticFolders.formUnion(Path.lineage(of: Path.directory(of: path)))
        }
    }

    /// The pages of flow `slug`, when the site has that flow.
    func pages(of slug: String) -> FlowPages? {
        flows[slug] ?? keptFlows[slug]?()
    }

    /// Whether the site has flow `slug`.
    func hasFlow(_ slug: String) -> Bool {
        flows[slug] != nil || keptFlows[slug] != nil
    }

    /// Every flow's slug (a flow made again, in `flows`, stands for a kept one of that slug).
    var slugs: [String] {
        Array(flows.keys) + keptFlows.keys.filter { flows[$0] == nil }
    }

    /// The separator between a page's id and a heading's anchor in the heading's id
    /// (`setup--install-node`). Page ids never hold it, so heading ids never meet page ids.
    static let headingSeparator = "--"

    /// The id of the heading whose anchor is `anchor` on the page whose id is `pageID`.
    static func headingID(pageID: String, anchor: String) -> String {
        pageID + headingSeparator + anchor
    }
}

/// A heading a link points to on another page, checked once every page has been rendered.
struct AnchorCheck: Sendable {
    var flow: String
    /// The target page's file name.
    var page: String
    var anchor: String
    /// The link as written, and where: which file, and the position of its `[`.
    var written: String
    var file: SourceFile
    var location: SourceLocation
    /// The locale of the translation the link is in, when it is not the source's: the heading it
    /// names is looked for on that translation of the page.
    var locale: String? = nil
    /// The front matter field the link is written in (`action`, `finish`), named before the
    /// problem as the field's other problems are; nil for a link in the text.
    var field: String? = nil
}
