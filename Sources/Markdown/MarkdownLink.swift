/// A link that a Markdown body holds, as the author wrote its destination.
package struct MarkdownLink: Sendable, Hashable {
    /// The destination as written (entities and backslash escapes resolved, as cmark reads it).
    package var url: String
    /// Line within the Markdown body (1-based) and byte column within that line (1-based) of its `[`.
    package var line: Int
    package var byteColumn: Int
    /// Whether it has text to be read (its own, or an image's alt text): one without is only its
    /// address to a screen reader.
    package var hasText: Bool

    package init(url: String, line: Int, byteColumn: Int, hasText: Bool = true) {
        self.url = url
        self.line = line
        self.byteColumn = byteColumn
        self.hasText = hasText
    }
}

/// What a link within a body may point to: its headings' anchors and its footnotes' ids.
package struct MarkdownAnchors: Sendable, Hashable {
    /// The anchor of each heading (`HeadingSlugger`), without the page's prefix.
    package var headings: Set<String>
    /// The ids of the footnotes shown and of the references to them (`fn-…`, `fnref-…`).
    package var footnotes: Set<String>

    package init(headings: Set<String> = [], footnotes: Set<String> = []) {
        self.headings = headings
        self.footnotes = footnotes
    }
}
