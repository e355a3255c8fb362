import CCMark

/// Lines of the body parsed again by cmark on their own (a table's cells, the text around a table),
/// after the body's link reference definitions and a rule that closes whatever they opened (or,
/// where it cannot, without them), with a map back to where the lines were written.
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
        var own: [UInt8] = []
        for line in lines {
            own += line.bytes
            own.append(0x0A)
        }
        var definitions: [UInt8] = []
        if lines.contains(where: { $0.bytes.contains(UInt8(ascii: "[")) }) {
            definitions = context.definitions(for: lines)
            if !definitions.isEmpty { definitions += Array("***\n\n".utf8) }
        }
        let base = SourceText(definitions).lineRanges.count
        guard let root = Self.parse(definitions + own, context: context) else { return nil }
        // Definitions come from paragraphs that only start with them; one that also opens a block
        // the rule cannot close (a fence on its next line) would take in the piece's own lines,
        // which are then parsed without them.
        if base > 0, !CMarkNode.children(root).contains(where: { Self.isRule($0, at: base - 1) }) {
            cmark_node_free(root)
            guard let alone = Self.parse(own, context: context) else { return nil }
            (self.root, self.source, self.base) = (alone, SourceText(own), 0)
        } else {
            (self.root, self.source, self.base) = (root, SourceText(definitions + own), base)
        }
        self.lines = lines
    }

    /// cmark's tree of `bytes`, with `www.` and URL links whole (`Autolinks.parsedKeepingLinksWhole`).
    /// Control characters written as references are U+FFFD in it, as in the body's (`ReferencedControls`).
    private static func parse(_ bytes: [UInt8], context: ExtensionContext) -> OpaquePointer? {
        guard var root = CMarkNode.parse(bytes, flags: context.flags) else { return nil }
        if context.extensions.autolinks, let whole = Autolinks.parsedKeepingLinksWhole(bytes, root: root, source: SourceText(bytes), context: context) {
            cmark_node_free(root)
            root = whole
        }
        if ReferencedControls.mayHold(bytes) { ReferencedControls.replace(under: root) }
        return root
    }

    /// Whether `node` is the rule that ends the definitions, on line `line`.
    private static func isRule(_ node: OpaquePointer, at line: Int) -> Bool {
        cmark_node_get_type(node) == CMARK_NODE_THEMATIC_BREAK && Int(cmark_node_get_start_line(node)) == line
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
                    if let offset = raw.offset, let position = source.position(of: offset), let placed = placed(position) {
                        context.setInlinePosition(placed, of: descendant)
                    }
                }
            } else if type == CMARK_NODE_IMAGE || type == CMARK_NODE_LINK || type == CMARK_NODE_CODE_BLOCK || type == CMARK_NODE_ITEM {
                let position = context.inlinePosition(of: descendant)
                    ?? (Int(cmark_node_get_start_line(descendant)), Int(cmark_node_get_start_column(descendant)))
                if let placed = placed(position) { context.setInlinePosition(placed, of: descendant) }
            }
        }
    }

    /// Where a position in the piece (line, byte column) was written in the body; nil for one in
    /// the definitions before the piece's own lines.
    private func placed(_ position: (line: Int, column: Int)) -> (line: Int, column: Int)? {
        guard position.line > base, position.line <= base + lines.count else { return nil }
        let line = lines[position.line - base - 1]
        return (line.line, position.column + line.offset)
    }

    /// The blocks the piece's own lines became: those after the rule that ends the definitions
    /// (a table made from them has no position of its own).
    var blocks: [OpaquePointer] {
        let children = CMarkNode.children(root)
        guard base > 0, let rule = children.lastIndex(where: { Self.isRule($0, at: base - 1) }) else { return children }
        return Array(children[(rule + 1)...])
    }
}
