/// Prints diagnostics as compilers do: `path:line:col: error: message`, then the offending line
/// with a caret and tildes under the problem.
package struct DiagnosticFormatter: Sendable {
    package init() {}

    package func format(_ diagnostic: Diagnostic) -> String {
        var header = diagnostic.path
        if let location = diagnostic.location {
            header += ":\(location.line):\(location.column)"
        }
        header += ": \(diagnostic.severity.rawValue): \(diagnostic.message)"
        guard let location = diagnostic.location, let line = diagnostic.sourceLine else {
            return header
        }
        let scalars = Array(line.unicodeScalars)
        let lead = diagnostic.sourceLineOffset > 0 ? "…" : ""
        let prefix = scalars.prefix(max(0, location.column - 1 - diagnostic.sourceLineOffset))
        let padding = (lead.isEmpty ? "" : " ") + String(String.UnicodeScalarView(prefix.map { $0 == "\t" ? "\t" : " " }))
        let available = max(1, scalars.count - prefix.count)
        let underline = "^" + String(repeating: "~", count: min(diagnostic.length, available) - 1)
        return "\(header)\n\(lead)\(line)\(diagnostic.sourceLineContinues ? "…" : "")\n\(padding)\(underline)"
    }
}
