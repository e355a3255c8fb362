/// The carousel runtime as it is served. The default theme's `sitegen.js` is written to be read,
/// with comments on its own lines; those lines are left out of the copy visitors download, which
/// spares a sixth of its gzipped weight. A site's own `sitegen.js` (other than a copy of the
/// default one) is served exactly as written.
enum RuntimeScript {
    static func served(_ file: Theme.File?) -> String {
        guard let file else { return "" }
        guard file.text == Theme.default.files[Theme.scriptFile]?.text else { return file.text }
        return withoutCommentLines(file.text)
    }

    /// `text` without the lines that hold only a `//` comment (the default runtime has no
    /// multi-line strings, in which such a line would be text).
    static func withoutCommentLines(_ text: String) -> String {
        var kept = ""
        kept.reserveCapacity(text.utf8.count)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.drop(while: { $0 == " " }).hasPrefix("//") { continue }
            kept += line
            kept += "\n"
        }
        if !text.hasSuffix("\n"), !kept.isEmpty { kept.removeLast() }
        return kept
    }
}
