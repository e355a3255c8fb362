/// Something a body's author most likely meant otherwise, with where it was written: a paragraph
/// that looks like a table but is not one, raw HTML that safe mode drops.
package struct MarkdownWarning: Sendable, Hashable {
    package var message: String
    /// Line within the Markdown body (1-based) and byte column within that line (1-based).
    package var line: Int
    package var byteColumn: Int
}
