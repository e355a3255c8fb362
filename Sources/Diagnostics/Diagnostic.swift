/// An error or warning about the user's site, located in a file and, where known, a position.
package struct Diagnostic: Sendable, Hashable, Error, Codable {
    /// How bad a diagnostic is: errors stop a build, warnings do not.
    package enum Severity: String, Sendable, Hashable, Codable {
        case error, warning
    }

    package var severity: Severity
    /// The file's path as the user should read it, relative to the site folder where possible.
    package var path: String
    package var location: SourceLocation?
    /// How many characters from `location` the problem spans (at least 1), for the underline.
    package var length: Int
    package var message: String
    /// The text of the offending line shown under the message: all of it, or at most
    /// `excerptWidth` characters around the column of a longer line.
    package var sourceLine: String?
    /// How many characters of the line were cut away before `sourceLine`.
    package var sourceLineOffset = 0
    /// True when characters of the line were cut away after `sourceLine`.
    package var sourceLineContinues = false

    /// How much of a line a diagnostic quotes: one error on a 200 KB line prints a screenful.
    package static let excerptWidth = 160
    /// How long a message may be; a longer one (it quotes what the author wrote) is cut in the
    /// middle, so that what it says of the quote, at its end, is kept.
    package static let maximumMessageLength = 1_000

    package init(
        _ severity: Severity, _ message: String, path: String, location: SourceLocation? = nil,
        length: Int = 1, sourceLine: String? = nil
    ) {
        self.severity = severity
        let messageScalars = message.unicodeScalars
        self.message = messageScalars.count > Self.maximumMessageLength
            ? String(String.UnicodeScalarView(messageScalars.prefix(Self.maximumMessageLength / 2))) + "…"
                + String(String.UnicodeScalarView(messageScalars.suffix(Self.maximumMessageLength / 2)))
            : message
        self.path = path
        self.location = location
        self.length = max(1, length)
        guard let sourceLine, let location else {
            self.sourceLine = sourceLine
            return
        }
        let scalars = Array(sourceLine.unicodeScalars)
        let excerpt = Self.excerpt(around: location.column, count: scalars.count)
        self.sourceLine = String(String.UnicodeScalarView(scalars[excerpt]))
        sourceLineOffset = excerpt.lowerBound
        sourceLineContinues = excerpt.upperBound < scalars.count
    }

    /// Which of a line's `count` scalars a diagnostic at `column` quotes: all of a short line,
    /// else `excerptWidth` of them, a third before the column and the rest after it.
    package static func excerpt(around column: Int, count: Int) -> Range<Int> {
        guard count > excerptWidth else { return 0..<count }
        let column = min(max(0, column - 1), count)
        let start = max(0, min(column - excerptWidth / 3, count - excerptWidth))
        return start..<min(count, start + excerptWidth)
    }

    package static func error(_ message: String, path: String) -> Diagnostic {
        Diagnostic(.error, message, path: path)
    }

    package static func warning(_ message: String, path: String) -> Diagnostic {
        Diagnostic(.warning, message, path: path)
    }

    package var isError: Bool { severity == .error }
}

extension Diagnostic: Comparable {
    /// Orders diagnostics by file, then position, so output is the same on every run.
    package static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        if lhs.path != rhs.path { return lhs.path < rhs.path }
        let left = lhs.location ?? SourceLocation(line: 0, column: 0)
        let right = rhs.location ?? SourceLocation(line: 0, column: 0)
        if left != right { return left < right }
        return lhs.message < rhs.message
    }
}

extension Array where Element == Diagnostic {
    package var hasErrors: Bool { contains { $0.isError } }
    package var errorCount: Int { count { $0.isError } }
    package var warningCount: Int { count { !$0.isError } }
}
