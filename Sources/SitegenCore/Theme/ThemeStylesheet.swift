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
    /// Byte by byte: the stylesheet is read on every build, and its characters cost more than its bytes.
    static func withoutComments(_ css: String) -> String {
        let bytes = Array(css.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var rest = 0
        while let start = Self.find("/*", in: bytes, from: rest), let close = Self.find("*/", in: bytes, from: start + 2) {
            var kept = rest..<start
            var after = close + 2
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

    /// Where the two bytes of `pair` next occur in `bytes` from `start` on.
    private static func find(_ pair: StaticString, in bytes: [UInt8], from start: Int) -> Int? {
        let (first, second) = pair.withUTF8Buffer { ($0[0], $0[1]) }
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == first, bytes[index + 1] == second { return index }
            index += 1
        }
        return nil
    }
}
