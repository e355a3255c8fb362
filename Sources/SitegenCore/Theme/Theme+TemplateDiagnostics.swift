import Diagnostics
import Mustache

/// The Mustache engine's errors as diagnostics, pointing into the theme's files.
extension Theme {
    /// The diagnostic for a template that does not parse.
    static func diagnostic(for error: MustacheError, in file: File) -> Diagnostic {
        SourceFile(path: file.path, text: file.text).error(error.message, at: SourceLocation(error.location))
    }

    /// An error for each render a template stopped, at the tag that expanded into itself, with
    /// that template's line to show.
    func diagnostics(for failures: [MustacheRenderError]) -> [Diagnostic] {
        failures.map { failure in
            sourceFile(failure.path).error(failure.message, at: SourceLocation(failure.location), length: failure.length)
        }
    }

    /// A warning about a tag, at its place in its template.
    func warning(_ message: String, at tag: MustacheTag) -> Diagnostic {
        sourceFile(tag.file).warning(message, at: SourceLocation(tag.location), length: tag.name.count + 4)
    }

    /// The theme's file that diagnostics call `path`, to show its lines.
    private func sourceFile(_ path: String) -> SourceFile {
        SourceFile(path: path, text: files.values.first { $0.path == path }?.text ?? "")
    }
}

extension SourceLocation {
    init(_ location: MustacheLocation) {
        self.init(line: location.line, column: location.column)
    }
}
