import Diagnostics
import OnboardingKit

/// What the build cache keeps of one flow, so that a build that finds the flow unchanged can
/// carry its files over and still make every file that depends on all flows: the key its files
/// were made from, its index summary, its files, its manifest fragment and highlighted code blocks
/// (in the cache's packs), and what other flows' links need of it (its pages' ids and headings)
/// and it needs of them.
struct FlowRecord: Sendable, Equatable, Codable {
    var slug: String
    /// What the flow's files were made from (see `ProductKeys.flow`).
    var key: String
    var summary: FlowSummary
    /// The flow's files, relative to the output folder.
    var outputs: [String]
    /// The flow's JSON as the manifest has it.
    var fragment: PackReference
    /// The flow's highlighted code blocks (`HighlightStore`), when it has any.
    var highlights: PackReference?
    /// The other flows it reads: those its pages link to and those whose images it shows, whose
    /// folders are part of its key.
    var otherFlows: [String]
    /// Each page: its file name, its id, and its headings' anchors, for links from other flows.
    var pages: [Page]
    /// The headings of its translations' pages, each named `<locale>/<file name>` (ids are the source's).
    var translatedPages: [Page]
    /// Pages left out as drafts, by file name.
    var drafts: [String]
    /// The images it copies, for the checks that span flows.
    var assets: [RecordedAsset]
    /// The warnings its pages and files had when it was made, which a build that keeps it
    /// reports again, as compilers repeat the warnings of what they do not compile again.
    var warnings: [Diagnostic]

    struct Page: Sendable, Equatable, Codable {
        var file: String
        var id: String
        var anchors: [String]
    }

    /// The packs it keeps bytes in.
    var packs: [String] {
        [fragment.pack] + (highlights.map { [$0.pack] } ?? [])
    }

    /// Where the flow's pages are, as `PageDirectory` has it.
    var directory: PageDirectory.FlowPages {
        PageDirectory.FlowPages(
            ids: Dictionary(pages.map { ($0.file, $0.id) }) { first, _ in first }, drafts: Set(drafts), firstID: pages.first?.id)
    }

    /// Each page's headings, by file name.
    var headings: [String: Set<String>] {
        Dictionary((pages + translatedPages).map { ($0.file, Set($0.anchors)) }) { first, _ in first }
    }

    /// Splits the cache's entries into one digest per flow folder and one over everything else
    /// (configuration, templates, static files, files in `content/` outside any flow, other inputs).
    static func digests(of entries: [BuildCache.Entry], identity: String) -> (global: String, flows: [String: String]) {
        var global = ContentHash()
        global.add(identity)
        // The walk lists each folder's files together, so a flow's entries are consecutive.
        var flows: [String: String] = [:]
        var current: (slug: Substring, hash: ContentHash)?
        func finish() {
            if let current { flows[String(current.slug)] = current.hash.hex }
        }
        for entry in entries {
            guard let slug = ContentLayout.flowSlug(containing: entry.path) else {
                global.add(entry.path)
                global.add(entry.hash)
                continue
            }
            if current?.slug != slug {
                finish()
                current = (slug, ContentHash())
            }
            current?.hash.add(entry.path)
            current?.hash.add(entry.hash)
        }
        finish()
        return (global.hex, flows)
    }
}

/// An image a flow copies, as the cache keeps it.
struct RecordedAsset: Sendable, Equatable, Codable {
    var source: String
    var destination: String
    var root: String
    var recipe: MediaRecipe?

    init(_ asset: Asset) {
        (source, destination, root, recipe) = (asset.source, asset.destination, asset.root, asset.recipe)
    }

    var asset: Asset { Asset(source: source, destination: destination, root: root, recipe: recipe) }
}
