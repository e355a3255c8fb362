import CCMark

/// GFM's pipe tables, found where cmark left a paragraph (or a setext heading) whose lines hold a
/// header row and a delimiter row, and built as a block whose cells are paragraphs of inlines.
enum Tables {
    /// Turns every table under `root`, whose positions are in `source`, into a table block.
    static func apply(under root: OpaquePointer, source: SourceText, context: ExtensionContext) {
        for node in CMarkNode.descendants(of: root) where !context.isAdopted(node) {
            let type = cmark_node_get_type(node)
            let first = Int(cmark_node_get_start_line(node))
            let last = Int(cmark_node_get_end_line(node))
            if type == CMARK_NODE_PARAGRAPH, last > first {
                build(from: node, source: source, context: context, setext: false)
            } else if type == CMARK_NODE_HEADING, last > first {
                build(from: node, source: source, context: context, setext: true)
            }
        }
    }

    private static func build(from block: OpaquePointer, source: SourceText, context: ExtensionContext, setext: Bool) {
        let containers = BlockContainers(around: block, source: source)
        guard let lines = containers.lines(of: block) else { return }
        let contentCount = setext ? lines.count - 1 : lines.count
        guard contentCount >= 2 else { return }
        var found: (index: Int, alignments: [TableRow.Alignment], header: TableRow)?
        for index in 1..<contentCount {
            let line = lines[index]
            guard line.lazyDepth == nil, line.indent < 4, let alignments = TableRow.delimiters(line.content) else { continue }
            guard let header = TableRow(lines[index - 1].content), header.cells.count == alignments.count else {
                let cells = TableRow(lines[index - 1].content)?.cells.count ?? 0
                warn(
                    "this looks like a table, but its header row has \(cells) cell\(cells == 1 ? "" : "s") and its delimiter row "
                        + "\(alignments.count): give both the same number of columns", at: lines[index - 1], block: block, context: context)
                return
            }
            found = (index, alignments, header)
            break
        }
        guard let (delimiter, alignments, header) = found else {
            let piped = lines.prefix(contentCount).filter { line in
                let text = line.trimmed
                return text.first == UInt8(ascii: "|") && text.last == UInt8(ascii: "|") && text.count > 1
            }
            if piped.count >= 2 && piped.count == contentCount, let first = piped.first {
                warn(
                    "this looks like a table but has no delimiter row: put a line such as '| --- | --- |' under its header",
                    at: first, block: block, context: context)
            }
            return
        }
        var rows: [(line: BlockLine, row: TableRow)] = []
        var end = delimiter + 1
        var padded = 0
        while end < lines.count {
            let line = lines[end]
            guard line.lazyDepth == nil, line.indent < 4, !BlockStart.opens(line.content, footnotes: context.extensions.footnotes),
                let row = TableRow(line.content)
            else { break }
            // A row shorter than the header gets empty cells: a wide header over many one-cell
            // lines made a 40 KB page 40 MB of HTML (newer cmark-gfm stops there as well).
            padded += max(0, alignments.count - row.cells.count)
            if padded > Self.maximumPaddedCells {
                warn(
                    "the table ends here: its rows would need more than \(Self.maximumPaddedCells) empty cells to fill them to its header's \(alignments.count) columns",
                    at: line, block: block, context: context)
                break
            }
            rows.append((line, row))
            end += 1
        }
        if end == contentCount, setext, lines[end].lazyDepth == nil, let row = TableRow(lines[end].content),
            lines[end].content.trimmingWhitespace.first == UInt8(ascii: "=")
        {
            rows.append((lines[end], row))
            end += 1
        }

        guard let table = CMarkNode.custom(CMARK_NODE_CUSTOM_BLOCK, enter: "", exit: "") else { return }
        if delimiter > 1 {
            let before = lines[0..<(delimiter - 1)].map { line in
                SubDocument.Line(bytes: TableRow.unescapingPipes(line.content.drop { $0 == 0x20 || $0 == 0x09 }), line: line.number, offset: line.offset)
            }
            insert(before, before: block, context: context, literalStart: true)
        }
        addCells(header: (lines[delimiter - 1], header), rows: rows, columns: alignments.count, to: table, context: context)
        context.addTable(table, layout: TableLayout(alignments: alignments, bodyRows: rows.count))
        cmark_node_insert_before(block, table)
        if end < lines.count {
            let lazy = lines[end].lazyDepth
            let rest = lines[end...].map { line in
                let stripped = lazy.map { containers.line(line.number, depth: $0) } ?? line
                return SubDocument.Line(bytes: Array(stripped.content), line: line.number, offset: stripped.offset)
            }
            if let lazy {
                var anchor = containers.chain[lazy]
                if cmark_node_get_type(anchor) == CMARK_NODE_ITEM, let list = cmark_node_parent(anchor) { anchor = list }
                insert(rest, after: anchor, context: context)
            } else {
                insert(rest, before: block, context: context)
            }
        }
        context.free(block)
    }

    /// The most empty cells one table adds to rows shorter than its header: cmark-gfm's limit.
    static let maximumPaddedCells = 0x80000

    /// Warns about a paragraph of the body itself (one parsed again has no position of its own there).
    private static func warn(_ message: String, at line: BlockLine, block: OpaquePointer, context: ExtensionContext) {
        guard !context.isAdopted(block), !context.isSubDocument(block) else { return }
        let column = line.offset + (line.content.count - line.content.drop { $0 == 0x20 || $0 == 0x09 }.count) + 1
        context.warnings.append(MarkdownWarning(message: message, line: line.number, byteColumn: column))
    }

    /// One paragraph per cell, header first, rows cut or padded to the header's width.
    private static func addCells(
        header: (line: BlockLine, row: TableRow), rows: [(line: BlockLine, row: TableRow)], columns: Int,
        to table: OpaquePointer, context: ExtensionContext
    ) {
        var cells: [SubDocument.Line?] = []
        for (line, row) in [header] + rows {
            for column in 0..<columns {
                guard column < row.cells.count else {
                    cells.append(nil)
                    continue
                }
                let cell = row.cells[column]
                var text = Array("# ".utf8) + cell.text
                if text.last == UInt8(ascii: "#") { text.insert(UInt8(ascii: "\\"), at: text.count - 1) }
                cells.append(SubDocument.Line(bytes: text, line: line.number, offset: line.offset + cell.offset - 2))
            }
        }
        let lines = cells.compactMap { $0 }
        guard let document = SubDocument(lines, context: context) else { return }
        defer { context.free(document.root) }
        var headings = document.blocks.makeIterator()
        for cell in cells {
            guard let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH) else { continue }
            if cell != nil, let heading = headings.next() {
                document.adopt(heading, into: context)
                CMarkNode.moveChildren(of: heading, to: paragraph)
            }
            cmark_node_append_child(table, paragraph)
        }
    }

    /// Parses `lines` again and puts the blocks they become before `node`. With `literalStart`, a
    /// `[` that starts the first line stays text (cmark-gfm reads no link reference definition from
    /// the paragraph before a table).
    private static func insert(
        _ lines: [SubDocument.Line], before node: OpaquePointer, context: ExtensionContext, literalStart: Bool = false
    ) {
        var lines = lines
        let guarded = literalStart && lines.first?.bytes.first == UInt8(ascii: "[")
        if guarded {
            lines[0].bytes = Array("&#32;".utf8) + lines[0].bytes
            lines[0].offset -= 5
        }
        guard let document = SubDocument(lines, context: context) else { return }
        defer { context.free(document.root) }
        let blocks = document.blocks
        if guarded, let paragraph = blocks.first, let text = cmark_node_first_child(paragraph),
            cmark_node_get_type(text) == CMARK_NODE_TEXT
        {
            let raw = RawText(of: text, in: document.source, decoder: &context.decoder)
            cmark_node_set_literal(text, String(CMarkNode.literal(text).dropFirst()))
            if let raw, raw.bytes.starts(with: Array("&#32;".utf8)) {
                context.setRawText(RawText(bytes: Array(raw.bytes.dropFirst(5)), before: nil, after: raw.after), of: text)
            }
        }
        for block in blocks {
            Tables.apply(under: block, source: document.source, context: context)
        }
        for block in document.blocks {
            document.adopt(block, into: context)
            cmark_node_unlink(block)
            cmark_node_insert_before(node, block)
        }
    }

    /// Parses `lines` again and puts the blocks they become after `node`.
    private static func insert(_ lines: [SubDocument.Line], after node: OpaquePointer, context: ExtensionContext) {
        guard let document = SubDocument(lines, context: context) else { return }
        defer { context.free(document.root) }
        for block in document.blocks {
            Tables.apply(under: block, source: document.source, context: context)
        }
        var anchor = node
        for block in document.blocks {
            document.adopt(block, into: context)
            cmark_node_unlink(block)
            cmark_node_insert_after(anchor, block)
            anchor = block
        }
    }
}
