import Synchronization

/// A text file of the user's site, with the means to point at a place in it.
package struct SourceFile: Sendable, Hashable {
    /// The path as diagnostics show it, relative to the site folder.
    package let path: String
    package let text: String
    /// Where each line starts, found the first time a line is asked for and shared by every copy,
    /// so that a page with thousands of diagnostics splits its text once.
    private let lineIndex = LineIndex()

    package init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// The text of 1-based line `number`, without its line ending.
    package func line(_ number: Int) -> String? {
        lineIndex.line(number, of: text).map(String.init)
    }

    package static func == (lhs: SourceFile, rhs: SourceFile) -> Bool {
        lhs.path == rhs.path && lhs.text == rhs.text
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(text)
    }

    /// A diagnostic located at `location` in this file, carrying the offending line.
    package func diagnostic(
        _ severity: Diagnostic.Severity, _ message: String, at location: SourceLocation?, length: Int = 1
    ) -> Diagnostic {
        Diagnostic(
            severity, message, path: path, location: location, length: length,
            sourceLine: location.flatMap { line($0.line) })
    }

    package func error(_ message: String, at location: SourceLocation?, length: Int = 1) -> Diagnostic {
        diagnostic(.error, message, at: location, length: length)
    }

    package func warning(_ message: String, at location: SourceLocation?, length: Int = 1) -> Diagnostic {
        diagnostic(.warning, message, at: location, length: length)
    }
}

extension SourceFile {
    /// The location of a 1-based UTF-8 byte column on a line, as a column of Unicode scalars.
    /// When `marker` is given and the text at that column does not start with it, the column
    /// moves to the marker's first occurrence after it (cmark reports some inline positions at
    /// the start of the line's content).
    package func location(line: Int, utf8Column: Int, marker: String? = nil) -> SourceLocation {
        guard let text = self.line(line) else { return SourceLocation(line: line, column: max(1, utf8Column)) }
        let utf8 = text.utf8
        var index = utf8.index(utf8.startIndex, offsetBy: max(0, utf8Column - 1), limitedBy: utf8.endIndex) ?? utf8.endIndex
        if let marker, !text[index...].hasPrefix(marker), let found = text[index...].firstRange(of: marker) {
            index = found.lowerBound
        }
        let column = text.unicodeScalars[..<index].count + 1
        return SourceLocation(line: line, column: column)
    }
}

/// The lines of a text, split on first use.
private final class LineIndex: Sendable {
    private let lines = Mutex<[Substring]?>(nil)

    package func line(_ number: Int, of text: String) -> Substring? {
        lines.withLock { lines in
            let all = lines ?? LineSplitter.Lines(text: text).map(\.text)
            lines = all
            return number >= 1 && number <= all.count ? all[number - 1] : nil
        }
    }
}
