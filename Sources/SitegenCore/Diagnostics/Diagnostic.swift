/// An error or warning about the user's site, located in a file and, where known, a position.
public struct Diagnostic: Sendable, Hashable, Error {
    /// How bad a diagnostic is: errors stop a build, warnings do not.
    public enum Severity: String, Sendable, Hashable {
        case error, warning
    }

    public var severity: Severity
    /// The file's path as the user should read it, relative to the site folder where possible.
    public var path: String
    public var location: SourceLocation?
    /// How many characters from `location` the problem spans (at least 1), for the underline.
    public var length: Int
    public var message: String
    /// The text of the offending line, shown under the message.
    public var sourceLine: String?

    public init(
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

    public static func error(_ message: String, path: String) -> Diagnostic {
        Diagnostic(.error, message, path: path)
    }

    public static func warning(_ message: String, path: String) -> Diagnostic {
        Diagnostic(.warning, message, path: path)
    }

    public var isError: Bool { severity == .error }
}

extension Diagnostic: Comparable {
    /// Orders diagnostics by file, then position, so output is the same on every run.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        if lhs.path != rhs.path { return lhs.path < rhs.path }
        let left = lhs.location ?? SourceLocation(line: 0, column: 0)
        let right = rhs.location ?? SourceLocation(line: 0, column: 0)
        if left != right { return left < right }
        return lhs.message < rhs.message
    }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.isError } }
    public var errorCount: Int { count { $0.isError } }
    public var warningCount: Int { count { !$0.isError } }
}
