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
    /// Byte by byte: the scripts are read on every build, and their characters cost more than their bytes.
    static func withoutComments(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var body = bytes[...]
        if body.starts(with: "/*".utf8), let close = body.dropFirst(2).firstRange(ofBytes: Array("*/".utf8)) {
            body = body[close.upperBound...].drop { $0 == UInt8(ascii: "\n") }
        }
        var kept: [UInt8] = []
        kept.reserveCapacity(body.count)
        var lines = body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // What follows the last line break is no line (it doubled the break at the end).
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        for line in lines {
            let code = line.drop { $0 == UInt8(ascii: " ") }
            if code.starts(with: "//".utf8) { continue }
            kept += code
            kept.append(UInt8(ascii: "\n"))
        }
        if bytes.last != UInt8(ascii: "\n"), !kept.isEmpty { kept.removeLast() }
        return String(decoding: kept, as: UTF8.self)
    }
}
