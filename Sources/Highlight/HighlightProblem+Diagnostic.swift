import Diagnostics

/// A problem as what a build reports at the code block's position: a warning, or an error for
/// one that would make the page differ from one build to the next.
extension HighlightProblem {
    package func diagnostic(path: String, location: SourceLocation?) -> Diagnostic {
        Diagnostic(isError ? .error : .warning, message, path: path, location: location)
    }
}
