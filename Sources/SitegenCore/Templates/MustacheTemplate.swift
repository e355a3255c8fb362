/// One parsed Mustache template.
public struct MustacheTemplate: Sendable, Hashable {
    /// The path diagnostics show for the template.
    public let path: String
    let nodes: [MustacheNode]

    /// Parses `source`; a syntax error becomes a diagnostic pointing into the template.
    public static func parse(_ source: String, path: String) -> Result<MustacheTemplate, Diagnostic> {
        do throws(MustacheError) {
            let nodes = try MustacheParser(file: path).parse(source)
            return .success(MustacheTemplate(path: path, nodes: nodes))
        } catch {
            return .failure(SourceFile(path: path, text: source).error(error.message, at: error.location))
        }
    }
}
