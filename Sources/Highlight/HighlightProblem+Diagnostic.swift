import Diagnostics

/// A problem as the warning a build reports at the code block's position.
extension HighlightProblem {
    package func diagnostic(path: String, location: SourceLocation?) -> Diagnostic {
        Diagnostic(.warning, message, path: path, location: location)
    }
}
