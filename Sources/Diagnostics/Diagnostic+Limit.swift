extension Array where Element == Diagnostic {
    /// The most errors, and the most warnings, one file reports: past that, one more diagnostic
    /// counts the rest. A hostile page can hold hundreds of thousands of problems, which would
    /// print hundreds of megabytes and be kept in the build cache to print again.
    package static var maximumPerFile: Int { 100 }

    /// These diagnostics (all of one file, in order) with at most `limit` of each severity, the
    /// first ones, and in place of the others one that says how many there are, where the first
    /// of them is. `what` names the file in that message ("page").
    package func limited(to limit: Int = maximumPerFile, in what: String) -> [Diagnostic] {
        guard count > limit else { return self }
        var kept: [Diagnostic] = []
        var shown: [Diagnostic.Severity: Int] = [:]
        var left: [Diagnostic.Severity: (first: Diagnostic, count: Int)] = [:]
        for diagnostic in self {
            if shown[diagnostic.severity, default: 0] < limit {
                shown[diagnostic.severity, default: 0] += 1
                kept.append(diagnostic)
            } else {
                left[diagnostic.severity] = (left[diagnostic.severity]?.first ?? diagnostic, (left[diagnostic.severity]?.count ?? 0) + 1)
            }
        }
        for severity in [Diagnostic.Severity.error, .warning] {
            guard let (first, more) = left[severity] else { continue }
            var summary = first
            summary.message = "and \(more) more \(severity == .error ? "error" : "warning")\(more == 1 ? "" : "s") in this \(what), not shown"
            kept.append(summary)
        }
        return kept
    }
}
