/// What the loader found in a site folder: its files read and decoded, nothing parsed yet.
public struct SiteSources: Sendable {
    /// `sitegen.yml`, if the site has one.
    public var config: SourceFile?
    public var flows: [FlowSources]
}

/// One flow folder under `content/`.
public struct FlowSources: Sendable {
    /// The folder name, which is the flow's slug and its URL.
    public var slug: String
    /// The folder's path relative to the site folder (`content/welcome`).
    public var directory: String
    /// `_index.md`, if the flow has one.
    public var index: SourceFile?
    /// The page files, sorted by name (their final order depends on their front matter).
    public var pages: [PageFile]
    /// How many page files could not be read (each has its own error).
    public var unreadablePages = 0
}

/// A page's Markdown file.
public struct PageFile: Sendable {
    public var file: SourceFile
    /// The file name, such as `01-welcome.md`.
    public var name: String
}
