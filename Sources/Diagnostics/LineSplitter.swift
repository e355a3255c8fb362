/// Splits text into lines, ending at `\n`, `\r\n` or a lone `\r` (old Mac files), as cmark and
/// libyaml do, without per-character `String` work.
package enum LineSplitter {
    /// One line: its text without the line ending, where it starts, and where the next line starts.
    package struct Line {
        package var text: Substring
        package var start: String.Index
        package var end: String.Index
    }

    package static func lines(of text: String) -> [Line] {
        Array(Lines(text: text))
    }

    /// The lines of a text, found one at a time, for readers that stop early.
    package struct Lines: Sequence, IteratorProtocol {
        package let text: String
        private var lineStart: String.Index

        package init(text: String) {
            self.text = text
            lineStart = text.utf8.startIndex
        }

        package mutating func next() -> Line? {
            let utf8 = text.utf8
            guard lineStart != utf8.endIndex else { return nil }
            let start = lineStart
            guard let lineBreak = Self.firstLineBreak(in: text, from: start) else {
                lineStart = utf8.endIndex
                return Line(text: text[start...], start: start, end: utf8.endIndex)
            }
            var next = utf8.index(after: lineBreak)
            if utf8[lineBreak] == UInt8(ascii: "\r"), next != utf8.endIndex, utf8[next] == UInt8(ascii: "\n") {
                next = utf8.index(after: next)
            }
            lineStart = next
            return Line(text: text[start..<lineBreak], start: start, end: next)
        }

        /// The next `\n` or `\r` at or after `start`, scanning contiguous bytes where the text has them.
        private static func firstLineBreak(in text: String, from start: String.Index) -> String.Index? {
            let utf8 = text.utf8
            let isBreak = { (byte: UInt8) in byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
            let offset = utf8.distance(from: utf8.startIndex, to: start)
            let found: Int?? = utf8.withContiguousStorageIfAvailable { bytes in
                bytes[offset...].firstIndex(where: isBreak)
            }
            guard let found else { return utf8[start...].firstIndex(where: isBreak) }
            return found.map { utf8.index(utf8.startIndex, offsetBy: $0) }
        }
    }
}
