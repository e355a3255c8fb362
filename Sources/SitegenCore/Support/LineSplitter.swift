/// Splits text into lines by `\n`, keeping `\r\n` files working, without per-character `String` work.
enum LineSplitter {
    /// One line: its text without the line ending, where it starts, and where the next line starts.
    struct Line {
        var text: Substring
        var start: String.Index
        var end: String.Index
    }

    static func lines(of text: String) -> [Line] {
        var result: [Line] = []
        let utf8 = text.utf8
        var lineStart = utf8.startIndex
        var index = utf8.startIndex
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: "\n") {
                var contentEnd = index
                if contentEnd > lineStart, utf8[utf8.index(before: contentEnd)] == UInt8(ascii: "\r") {
                    contentEnd = utf8.index(before: contentEnd)
                }
                let next = utf8.index(after: index)
                result.append(Line(text: text[lineStart..<contentEnd], start: lineStart, end: next))
                lineStart = next
            }
            index = utf8.index(after: index)
        }
        if lineStart != utf8.endIndex {
            result.append(Line(text: text[lineStart...], start: lineStart, end: utf8.endIndex))
        }
        return result
    }
}

extension StringProtocol where SubSequence == Substring {
    /// The text cut after each `\n` (so `\r\n` endings stay whole); the pieces join back to the text.
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
    var endsWithNewline: Bool { hasSuffix("\n") || hasSuffix("\r\n") }
}
