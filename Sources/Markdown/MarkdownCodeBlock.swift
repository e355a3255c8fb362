/// A code block of a Markdown body: fenced (with its info string) or indented.
package struct MarkdownCodeBlock: Sendable, Hashable {
    /// The info string after the opening fence, entities and escapes resolved; empty for none.
    package var info: String
    /// The block's text, as cmark reads it (every line ending in a newline).
    package var code: String
    /// Line within the Markdown body (1-based) of the opening fence, and the byte column (1-based)
    /// where the info string starts on it (where the fence starts, when there is no info string).
    package var line: Int
    package var infoByteColumn: Int

    package init(info: String, code: String, line: Int, infoByteColumn: Int) {
        self.info = info
        self.code = code
        self.line = line
        self.infoByteColumn = infoByteColumn
    }
}
