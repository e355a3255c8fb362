import CCMark

/// The raw HTML that safe mode leaves out of a body (cmark writes `<!-- raw HTML omitted -->` in
/// its place), as warnings, so that no table or video vanishes without the author being told.
enum RawHTMLWarnings {
    /// The most warnings one body gets; the rest are counted in one more.
    static let limit = 20

    /// A warning for each HTML block and inline under `root` (in `nodes`, document order), at most
    /// `limit` and then one that counts the others.
    static func warnings(for nodes: [OpaquePointer], positions: inout WrittenPositions) -> [MarkdownWarning] {
        let html = nodes.filter {
            let type = cmark_node_get_type($0)
            return type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE
        }
        func warning(_ message: String, at node: OpaquePointer) -> MarkdownWarning {
            let position = positions.ofVerbatim(node, literal: Array(literal(node).utf8))
            return MarkdownWarning(message: message, line: position.line, byteColumn: position.column)
        }
        var warnings: [MarkdownWarning] = html.prefix(limit).map { node in
            warning("raw HTML \(name(of: literal(node))) is dropped; set markdown: {unsafe: true} in sitegen.yml to keep it (only for trusted authors)", at: node)
        }
        if html.count > limit {
            let more = html.count - limit
            warnings.append(warning("and \(more) more raw HTML \(more == 1 ? "tag is" : "tags are") dropped on this page", at: html[limit]))
        }
        return warnings
    }

    /// How a warning names a piece of raw HTML: its first tag (`'<table>'`, `'</div>'`), or
    /// `comment`, `declaration`, `processing instruction`, `CDATA section`.
    static func name(of literal: String) -> String {
        let text = literal.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        if text.hasPrefix("<!--") { return "comment" }
        if text.hasPrefix("<![CDATA[") { return "CDATA section" }
        if text.hasPrefix("<!") { return "declaration" }
        if text.hasPrefix("<?") { return "processing instruction" }
        let closing = text.hasPrefix("</")
        let name = text.dropFirst(closing ? 2 : 1).prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        guard !name.isEmpty else { return "'\(text.prefix { $0 != "\n" }.prefix(20))'" }
        return "'<\(closing ? "/" : "")\(name.lowercased())>'"
    }

    private static func literal(_ node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

}
