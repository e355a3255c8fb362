/// An image that a Markdown body refers to.
public struct MarkdownImage: Sendable, Hashable {
    /// The destination as written.
    public var url: String
    /// The alt text as plain text (what cmark puts in `alt`, unescaped).
    public var alt: String
    public var title: String
    /// Line within the Markdown body (1-based) and byte column within that line (1-based).
    public var line: Int
    public var byteColumn: Int
}

/// What a local image becomes in the rendered HTML: its output URL and intrinsic size.
public struct ImageReplacement: Sendable, Hashable {
    public var src: String
    public var width: Int
    public var height: Int

    public init(src: String, width: Int, height: Int) {
        self.src = src
        self.width = width
        self.height = height
    }
}

/// A Markdown body turned into HTML, with what the rest of the build needs to know about it.
public struct RenderedMarkdown: Sendable, Hashable {
    public var html: String
    /// The text of the first heading that has some, as plain text.
    public var firstHeading: String?
    /// The body's text without markup, blocks separated by blank lines (when asked for).
    public var plainText: String
    /// True when the body has no blocks at all.
    public var isEmpty: Bool
    /// Every image, in document order.
    public var images: [MarkdownImage]
}
