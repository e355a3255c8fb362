extension StringProtocol where SubSequence == Substring {
    /// The text cut after each `\n` (so `\r\n` endings stay whole); the pieces join back to the text.
    /// Templates use it: Mustache ends lines at `\n` and `\r\n` only.
    var linesKeepingEndings: [Substring] {
        var pieces: [Substring] = []
        var start = startIndex
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let next = utf8.index(after: index)
            if utf8[index] == UInt8(ascii: "\n") {
                pieces.append(self[start..<next])
                start = next
            }
            index = next
        }
        if start != endIndex { pieces.append(self[start...]) }
        return pieces
    }

    /// True when the text ends with a line feed (`\n` or `\r\n`).
    var endsWithNewline: Bool {
        let last = utf8.withContiguousStorageIfAvailable { $0.last } ?? utf8.reduce(nil) { _, byte in byte }
        return last == UInt8(ascii: "\n")
    }
}

extension String {
    /// The text of a tag without the spaces, tabs and line breaks around it.
    var trimmingTagBlanks: String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(self[first...last])
    }
}
