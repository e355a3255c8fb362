/// A link that a Markdown body holds, as the author wrote its destination.
package struct MarkdownLink: Sendable, Hashable {
    /// The destination as written (entities and backslash escapes resolved, as cmark reads it).
    package var url: String
    /// Line within the Markdown body (1-based) and byte column within that line (1-based) of its `[`.
    package var line: Int
    package var byteColumn: Int

    package init(url: String, line: Int, byteColumn: Int) {
        self.url = url
        self.line = line
        self.byteColumn = byteColumn
    }
}
