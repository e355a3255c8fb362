/// One parsed Mustache template.
package struct MustacheTemplate: Sendable, Hashable {
    /// The path that errors show for the template.
    package let path: String
    let nodes: [MustacheNode]

    /// Parses `source`, or says where it is not a template.
    package static func parse(_ source: String, path: String) -> Result<MustacheTemplate, MustacheError> {
        do throws(MustacheError) {
            return .success(MustacheTemplate(path: path, nodes: try MustacheParser(file: path).parse(source)))
        } catch {
            return .failure(error)
        }
    }
}
