import Diagnostics

/// What the loader found in a site folder: its files read and decoded, nothing parsed yet.
package struct SiteSources: Sendable {
    /// `sitegen.yml`, if the site has one.
    package var config: SourceFile?
    package var flows: [FlowSources]
}

/// One flow folder under `content/`.
package struct FlowSources: Sendable {
    /// The folder name, which is the flow's slug and its URL.
    package var slug: String
    /// The folder's path relative to the site folder (`content/welcome`).
    package var directory: String
    /// `_index.md`, if the flow has one.
    package var index: SourceFile?
    /// The page files, sorted by name (their final order depends on their front matter), with
    /// their translations (`02-tour.ko.md`) until the flow's outline sorts them out.
    package var pages: [PageFile]
    /// The language the flow is read in, when it is one of the site's translations: where its
    /// pages and images come from, and where its output goes.
    var translation: LocaleView?
    /// `_index.<locale>.md` files: the flow's settings in another language.
    package var indexTranslations: [PageFile] = []
    /// How many page files could not be read (each has its own error).
    package var unreadablePages = 0
}

/// A page's Markdown file.
package struct PageFile: Sendable {
    package var file: SourceFile
    /// The file name, such as `01-welcome.md`.
    package var name: String
}

/// One of a site's translated languages as a flow is read in it.
struct LocaleView: Sendable, Equatable {
    var locale: String
    /// The locales its pages and images fall back along, best first, the source locale last.
    var chain: [String]

    /// Where the flow's output goes under the output's root: `ko/`.
    var outputPrefix: String { Path.urlEncoded(locale) + "/" }
}
