/// Splits text into lines by `\n`, keeping `\r\n` files working, without per-character `String` work.
enum LineSplitter {
    /// One line: its text without the line ending, where it starts, and where the next line starts.
    struct Line {
        var text: Substring
        var start: String.Index
        var end: String.Index
    }

    static func lines(of text: String) -> [Line] {
        Array(Lines(text: text))
    }

    /// The lines of a text, found one at a time, for readers that stop early.
    struct Lines: Sequence, IteratorProtocol {
        let text: String
        private var lineStart: String.Index

        init(text: String) {
            self.text = text
            lineStart = text.utf8.startIndex
        }

        mutating func next() -> Line? {
            let utf8 = text.utf8
            guard lineStart != utf8.endIndex else { return nil }
            let start = lineStart
            guard let newline = Self.firstNewline(in: text, from: start) else {
                lineStart = utf8.endIndex
                return Line(text: text[start...], start: start, end: utf8.endIndex)
            }
            var contentEnd = newline
            if contentEnd > start, utf8[utf8.index(before: contentEnd)] == UInt8(ascii: "\r") {
                contentEnd = utf8.index(before: contentEnd)
            }
            lineStart = utf8.index(after: newline)
            return Line(text: text[start..<contentEnd], start: start, end: lineStart)
        }

        /// The next `\n` at or after `start`, scanning contiguous bytes where the text has them.
        private static func firstNewline(in text: String, from start: String.Index) -> String.Index? {
            let utf8 = text.utf8
            let offset = utf8.distance(from: utf8.startIndex, to: start)
            let found: Int?? = utf8.withContiguousStorageIfAvailable { bytes in
                bytes[offset...].firstIndex(of: UInt8(ascii: "\n"))
            }
            guard let found else { return utf8[start...].firstIndex(of: UInt8(ascii: "\n")) }
            return found.map { utf8.index(utf8.startIndex, offsetBy: $0) }
        }
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
    var endsWithNewline: Bool {
        let last = utf8.withContiguousStorageIfAvailable { $0.last } ?? utf8.reduce(nil) { _, byte in byte }
        return last == UInt8(ascii: "\n")
    }
}
