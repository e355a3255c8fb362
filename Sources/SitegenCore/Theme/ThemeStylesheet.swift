/// The default theme's stylesheet as the output serves it: its comments, which explain the
/// rules to a theme's author and are a fifth of its gzipped weight, left out. A site's own
/// stylesheet is served as it is written.
enum ThemeStylesheet {
    static func served(_ file: Theme.File?) -> String {
        guard let file else { return "" }
        guard file.text == Theme.default.files[Theme.stylesheetFile]?.text else { return file.text }
        return withoutComments(file.text)
    }

    private static let commentOpen = Array("/*".utf8)
    private static let commentClose = Array("*/".utf8)

    /// `css` without its `/* … */` comments, and without the lines that held only a comment.
    /// (The default stylesheet has no strings or URLs that hold `/*`.)
    /// Byte by byte: the stylesheet is read on every build, and its characters cost more than its bytes.
    static func withoutComments(_ css: String) -> String {
        let bytes = Array(css.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var rest = 0
        while let open = bytes[rest...].firstRange(ofBytes: Self.commentOpen), let close = bytes[open.upperBound...].firstRange(ofBytes: Self.commentClose) {
            let start = open.lowerBound
            var kept = rest..<start
            var after = close.upperBound
            // A comment on lines of its own goes with its line break.
            let lineStart = bytes[kept].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? rest
            if bytes[lineStart..<start].allSatisfy({ $0 == UInt8(ascii: " ") }), after < bytes.count, bytes[after] == UInt8(ascii: "\n") {
                kept = rest..<lineStart
                after += 1
            }
            result += bytes[kept]
            rest = after
        }
        result += bytes[rest...]
        return String(decoding: result, as: UTF8.self)
    }
}
