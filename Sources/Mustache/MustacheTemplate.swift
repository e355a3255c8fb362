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

extension MustacheTemplate {
    /// The tags that name another template (`{{>partial}}`, `{{<parent}}`), in order, those in
    /// sections and blocks included: what a library must hold for it to render in full.
    package var templateTags: [MustacheTag] {
        var tags: [MustacheTag] = []
        func visit(_ nodes: [MustacheNode]) {
            for node in nodes {
                switch node {
                case .text, .variable: break
                case .section(_, _, let children): visit(children)
                case .partial(let tag, _, _): tags.append(tag)
                case .parent(let tag, _, _, let overrides):
                    tags.append(tag)
                    for name in overrides.keys.sorted() { visit(overrides[name]?.children ?? []) }
                case .block(let block): visit(block.children)
                }
            }
        }
        visit(nodes)
        return tags
    }
}
