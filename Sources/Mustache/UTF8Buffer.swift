extension Array where Element == UInt8 {
    /// Appends the UTF-8 of `text` in one copy (appending a `String.UTF8View` goes byte by byte).
    mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends the UTF-8 of `text` in one copy.
    mutating func append(utf8 text: Substring) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}
