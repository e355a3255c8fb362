/// The default theme's stylesheet as the output serves it: its comments, which explain the
/// rules to a theme's author and are a fifth of its gzipped weight, left out. A site's own
/// stylesheet is served as it is written.
enum ThemeStylesheet {
    static func served(_ file: Theme.File?) -> String {
        guard let file else { return "" }
        guard file.text == Theme.default.files[Theme.stylesheetFile]?.text else { return file.text }
        return withoutComments(file.text)
    }

    /// `css` without its `/* … */` comments, and without the lines that held only a comment.
    /// (The default stylesheet has no strings or URLs that hold `/*`.)
    static func withoutComments(_ css: String) -> String {
        var result = ""
        result.reserveCapacity(css.utf8.count)
        var rest = css[...]
        while let start = rest.range(of: "/*") {
            var before = rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].range(of: "*/") else { break }
            var after = rest[end.upperBound...]
            // A comment on lines of its own goes with its line break.
            let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
            if before[lineStart...].allSatisfy({ $0 == " " }), after.first == "\n" {
                before = before[..<lineStart]
                after = after.dropFirst()
            }
            result += before
            rest = after
        }
        result += rest
        return result
    }
}
