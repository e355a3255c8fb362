import CCMark

/// GitHub's alerts: a block quote of the body's top level whose first line is exactly `[!KIND]`
/// (any case) becomes a titled note, `<div class="sg-alert sg-alert-note" role="note"
/// aria-label="…">` with the kind's title first. A marker of no known kind is a warning and
/// stays a block quote.
enum Alerts {
    static func apply(under root: OpaquePointer, source: SourceText, titles: [AlertKind: String], context: ExtensionContext) {
        for quote in CMarkNode.children(root) where cmark_node_get_type(quote) == CMARK_NODE_BLOCK_QUOTE {
            // A paragraph the tables pass parsed again (the marker line before a table) has no position in the body.
            guard let paragraph = cmark_node_first_child(quote), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
                let (name, firstLine) = marker(of: paragraph, source: context.isAdopted(paragraph) ? nil : source),
                context.isAdopted(paragraph) || cmark_node_get_start_line(paragraph) == cmark_node_get_start_line(quote)
            else { continue }
            guard let kind = AlertKind(rawValue: name.lowercased()) else {
                context.warnings.append(
                    MarkdownWarning(
                        message: "'[!\(name)]' is no alert kind; write [!NOTE], [!TIP], [!IMPORTANT], [!WARNING] or [!CAUTION]",
                        line: Int(cmark_node_get_start_line(quote)), byteColumn: markerColumn(of: quote, in: source)))
                continue
            }
            let title = Markdown.escapedAttribute(titles[kind].flatMap { $0.isEmpty ? nil : $0 } ?? name)
            let enter = "<div class=\"sg-alert sg-alert-\(kind.rawValue)\" role=\"note\" aria-label=\"\(title)\">\n"
                + "<p class=\"sg-alert-title\">\(title)</p>\n"
            guard let alert = CMarkNode.custom(CMARK_NODE_CUSTOM_BLOCK, enter: enter, exit: "</div>") else { continue }
            firstLine.forEach { context.free($0) }
            if cmark_node_first_child(paragraph) == nil { context.free(paragraph) }
            CMarkNode.moveChildren(of: quote, to: alert)
            cmark_node_replace(quote, alert)
            context.free(quote)
        }
    }

    /// The kind written in `paragraph`'s first line when that line is `[!KIND]` and nothing
    /// else, with the inlines of that line and the break after it. With `source`, the line must
    /// start with `[` as written there (not `\[`).
    private static func marker(of paragraph: OpaquePointer, source: SourceText?) -> (String, [OpaquePointer])? {
        if let source {
            let line = source.line(Int(cmark_node_get_start_line(paragraph)))
            let column = Int(cmark_node_get_start_column(paragraph))
            guard column >= 1, column <= line.count, line[line.startIndex + column - 1] == UInt8(ascii: "[") else { return nil }
        }
        var text = ""
        var nodes: [OpaquePointer] = []
        for child in CMarkNode.children(paragraph) {
            let type = cmark_node_get_type(child)
            nodes.append(child)
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK { break }
            guard type == CMARK_NODE_TEXT else { return nil }
            text += CMarkNode.literal(child)
        }
        guard text.hasPrefix("[!"), text.hasSuffix("]"), text.count > 3 else { return nil }
        let name = text.dropFirst(2).dropLast()
        guard name.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return (String(name), nodes)
    }

    /// The byte column of the `[` on a quote's first line.
    private static func markerColumn(of quote: OpaquePointer, in source: SourceText) -> Int {
        let line = source.line(Int(cmark_node_get_start_line(quote)))
        let start = max(Int(cmark_node_get_start_column(quote)) - 1, 0)
        let bracket = line.dropFirst(start).firstIndex(of: UInt8(ascii: "["))
        return bracket.map { $0 - line.startIndex + 1 } ?? start + 1
    }
}
