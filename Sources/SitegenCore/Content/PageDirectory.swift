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
    }

    var flows: [String: FlowPages] = [:]

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
}
