/// The default theme's scripts as they are served. They are written to be read, with a comment
/// at the top, comments on lines of their own and indentation; visitors download them without
/// those, which spares about a fifth of their gzipped weight. A site's own script (other than a
/// copy of the default one) is served exactly as written.
enum RuntimeScript {
    static func served(_ file: Theme.File?, named name: String = Theme.scriptFile) -> String {
        guard let file else { return "" }
        guard file.text == Theme.default.files[name]?.text else { return file.text }
        return withoutComments(file.text)
    }

    /// `text` without its leading `/* … */` comment, the lines that hold only a `//` comment, and
    /// each line's indentation (the default scripts have no multi-line strings, in which such
    /// lines would be text).
    static func withoutComments(_ text: String) -> String {
        var body = text[...]
        if body.hasPrefix("/*"), let end = body.range(of: "*/") {
            body = body[end.upperBound...].drop { $0 == "\n" }
        }
        var kept = ""
        kept.reserveCapacity(body.utf8.count)
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            let code = line.drop { $0 == " " }
            if code.hasPrefix("//") { continue }
            kept += code
            kept += "\n"
        }
        if !text.hasSuffix("\n"), !kept.isEmpty { kept.removeLast() }
        return kept
    }
}
