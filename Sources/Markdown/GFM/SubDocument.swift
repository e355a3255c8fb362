import CCMark

/// Lines of the body parsed again by cmark on their own (a table's cells, the text around a table),
/// after the body's link reference definitions and a rule that closes whatever they opened, with a
/// map back to where the lines were written.
struct SubDocument {
    /// A line of the piece, and the byte at which it starts in the body (column 1 is `offset + 1`).
    struct Line {
        var bytes: [UInt8]
        var line: Int
        var offset: Int
    }

    /// Its tree: what is left of it once its blocks are moved goes to `ExtensionContext.free`,
    /// which marks the tables still in it as not to finish.
    let root: OpaquePointer
    let source: SourceText
    private let lines: [Line]
    /// How many lines of definitions come before the piece's own.
    private let base: Int

    init?(_ lines: [Line], context: ExtensionContext) {
        var text: [UInt8] = []
        if lines.contains(where: { $0.bytes.contains(UInt8(ascii: "[")) }) {
            text = context.definitions(for: lines)
            if !text.isEmpty { text += Array("***\n\n".utf8) }
        }
        let source = SourceText(text)
        base = source.lineRanges.count
        for line in lines {
            text += line.bytes
            text.append(0x0A)
        }
        guard let root = CMarkNode.parse(text, flags: context.flags) else { return nil }
        self.root = root
        self.source = SourceText(text)
        self.lines = lines
    }

    /// Records where `node`'s images, links, code blocks, list items and text were written, before it moves into the body's tree.
    func adopt(_ node: OpaquePointer, into context: ExtensionContext) {
        let descendants = CMarkNode.descendants(of: node)
        context.markAdopted(descendants)
        for descendant in descendants {
            let type = cmark_node_get_type(descendant)
            if type == CMARK_NODE_TEXT {
                if context.rawText(of: descendant) == nil, let raw = RawText(of: descendant, in: source, decoder: &context.decoder) {
                    context.setRawText(raw, of: descendant)
                }
            } else if type == CMARK_NODE_IMAGE || type == CMARK_NODE_LINK || type == CMARK_NODE_CODE_BLOCK || type == CMARK_NODE_ITEM {
                let position = context.inlinePosition(of: descendant)
                    ?? (Int(cmark_node_get_start_line(descendant)), Int(cmark_node_get_start_column(descendant)))
                guard position.line > base, position.line <= base + lines.count else { continue }
                let line = lines[position.line - base - 1]
                context.setInlinePosition((line.line, position.column + line.offset), of: descendant)
            }
        }
    }

    /// The blocks the piece's own lines became: those after the rule that ends the definitions
    /// (a table made from them has no position of its own).
    var blocks: [OpaquePointer] {
        let children = CMarkNode.children(root)
        guard base > 0 else { return children }
        guard let rule = children.lastIndex(where: {
            cmark_node_get_type($0) == CMARK_NODE_THEMATIC_BREAK && Int(cmark_node_get_start_line($0)) == base - 1
        }) else {
            return children.filter { Int(cmark_node_get_start_line($0)) > base }
        }
        return Array(children[(rule + 1)...])
    }
}
