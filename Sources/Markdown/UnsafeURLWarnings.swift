import CCMark

/// The links and images whose address safe mode leaves out (cmark writes an empty one), as
/// warnings, so that no link goes dead without the author being told: `javascript:`,
/// `vbscript:`, `file:` and `data:` addresses, but for PNG, GIF, JPEG and WebP images, as cmark
/// judges them.
enum UnsafeURLWarnings {
    /// The most warnings one body gets; the rest are counted in one more.
    static let limit = 20

    static func warnings(for nodes: [OpaquePointer]) -> [MarkdownWarning] {
        let dropped = nodes.compactMap { node -> (OpaquePointer, String, String)? in
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE, let url = cmark_node_get_url(node).map({ String(cString: $0) }),
                let scheme = droppedScheme(url)
            else { return nil }
            return (node, type == CMARK_NODE_LINK ? "link to" : "image from", scheme)
        }
        var warnings: [MarkdownWarning] = dropped.prefix(limit).map { node, what, scheme in
            MarkdownWarning(
                message: "\(what) a \(scheme) address is dropped, since one could run script or read the reader's files; set markdown: {unsafe: true} in sitegen.yml to keep it (only for trusted authors)",
                line: Int(cmark_node_get_start_line(node)), byteColumn: column(of: node))
        }
        if dropped.count > limit, let node = dropped.dropFirst(limit).first?.0 {
            let more = dropped.count - limit
            warnings.append(
                MarkdownWarning(
                    message: "and \(more) more \(more == 1 ? "address is" : "addresses are") dropped on this page",
                    line: Int(cmark_node_get_start_line(node)), byteColumn: column(of: node)))
        }
        return warnings
    }

    /// Where `node` starts on its line. cmark places an autolink (`<javascript:x>`) wrongly, but
    /// not the text in it: a link's `[` or `<` is just before its text.
    private static func column(of node: OpaquePointer) -> Int {
        if cmark_node_get_type(node) == CMARK_NODE_LINK, let text = cmark_node_first_child(node), cmark_node_get_type(text) == CMARK_NODE_TEXT,
            cmark_node_get_start_line(text) == cmark_node_get_start_line(node), cmark_node_get_start_column(text) > 1
        {
            return Int(cmark_node_get_start_column(text)) - 1
        }
        return Int(cmark_node_get_start_column(node))
    }

    /// The scheme (`javascript:`) of an address cmark's safe mode drops, or nil.
    static func droppedScheme(_ url: String) -> String? {
        let start = url.utf8.prefix(16).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        if start.starts(with: "data:image/".utf8) {
            let type = url.utf8.dropFirst(11).prefix(4).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
            if ["png", "gif", "jpeg", "webp"].contains(where: { type.starts(with: $0.utf8) }) { return nil }
        }
        return ["javascript:", "vbscript:", "file:", "data:"].first { start.starts(with: $0.utf8) }
    }
}
