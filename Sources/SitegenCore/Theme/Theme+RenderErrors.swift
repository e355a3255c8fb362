extension Theme {
    /// An error for each render a template stopped, at the tag that expanded into itself, with
    /// that template's line to show.
    func diagnostics(for failures: [MustacheRenderError]) -> [Diagnostic] {
        failures.map { failure in
            let source = files.values.first { $0.path == failure.path }
            return SourceFile(path: failure.path, text: source?.text ?? "")
                .error(failure.message, at: failure.location, length: failure.length)
        }
    }
}
