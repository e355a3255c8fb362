/// An error or warning about the user's site, located in a file and, where known, a position.
package struct Diagnostic: Sendable, Hashable, Error {
    /// How bad a diagnostic is: errors stop a build, warnings do not.
    package enum Severity: String, Sendable, Hashable {
        case error, warning
    }

    package var severity: Severity
    /// The file's path as the user should read it, relative to the site folder where possible.
    package var path: String
    package var location: SourceLocation?
    /// How many characters from `location` the problem spans (at least 1), for the underline.
    package var length: Int
    package var message: String
    /// The text of the offending line, shown under the message.
    package var sourceLine: String?

    package init(
        _ severity: Severity, _ message: String, path: String, location: SourceLocation? = nil,
        length: Int = 1, sourceLine: String? = nil
    ) {
        self.severity = severity
        self.message = message
        self.path = path
        self.location = location
        self.length = max(1, length)
        self.sourceLine = sourceLine
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
