import CCMark

/// GFM's footnotes. cmark would read `[^label]: text` as a link reference definition (its text
/// lost) or as a paragraph, so each such line is marked before cmark parses; each definition
/// (its first line, the paragraph lines after it, the indented blocks after that) is parsed again
/// as its own blocks and kept where it was written, so that references are numbered in document
/// order as cmark-gfm numbers them; `finish` moves the referenced ones into a section at the end.
enum Footnotes {
    /// Stands for the `[` of a definition while cmark parses; nothing else in the body can be it.
    static let marker: UInt8 = 0x01
    private static let markerNeedle = [CChar(bitPattern: marker), 0]

    /// Marks every `[^label]:` that starts a line, after blanks, `>` and list markers.
    static func mark(_ bytes: [UInt8]) -> [UInt8]? {
        let source = SourceText(bytes)
        var marked = bytes
        var changed = false
        for range in source.lineRanges {
            var index = range.lowerBound
            while true {
                while index < range.upperBound, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == UInt8(ascii: ">") {
                    index += 1
                }
                guard let marker = listMarkerEnd(bytes, from: index, before: range.upperBound) else { break }
                index = marker
            }
            if FootnoteLabel.definitionPrefix(bytes[index..<range.upperBound]) != nil {
                marked[index] = marker
                changed = true
            }
        }
        return changed ? marked : nil
    }

    /// The end of a list marker (`-`, `+`, `*`, `1.`, `1)`) and the blanks after it at `index`.
    private static func listMarkerEnd(_ bytes: [UInt8], from index: Int, before end: Int) -> Int? {
        var probe = index
        while probe < end, probe - index < 9, (0x30...0x39).contains(bytes[probe]) { probe += 1 }
        if probe > index {
            guard probe < end, bytes[probe] == UInt8(ascii: ".") || bytes[probe] == UInt8(ascii: ")") else { return nil }
        } else {
            guard probe < end, "-+*".utf8.contains(bytes[probe]) else { return nil }
        }
        probe += 1
        guard probe < end, bytes[probe] == 0x20 || bytes[probe] == 0x09 else { return nil }
        while probe < end, bytes[probe] == 0x20 || bytes[probe] == 0x09 { probe += 1 }
        return probe
    }

    /// Takes the definitions out of the paragraphs cmark made of them (`source` still marked), and
    /// out of the setext headings: in a definition, `===` under its text is more of that text, as
    /// cmark-gfm reads it, and `---` a rule after it.
    static func extract(under root: OpaquePointer, source: SourceText, context: ExtensionContext) {
        for block in CMarkNode.descendants(of: root) {
            let type = cmark_node_get_type(block)
            guard type == CMARK_NODE_PARAGRAPH || (type == CMARK_NODE_HEADING && cmark_node_get_end_line(block) > cmark_node_get_start_line(block))
            else { continue }
            // A block whose lines a definition before it took (lazy in its note) is gone: what of
            // it the note did not take was read again, with its definitions, in its place.
            guard CMarkNode.isInTree(block, of: root) else { continue }
            extract(from: block, source: source, context: context)
        }
    }

    /// Puts back every `[` the marks stood for, in what cmark read as text or code.
    static func unmark(under root: OpaquePointer) {
        let markerString = String(Unicode.Scalar(marker))
        for node in CMarkNode.descendants(of: root) {
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE || type == CMARK_NODE_CODE_BLOCK
                || type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE
            else { continue }
            // Looked for in cmark's bytes: Foundation's search of a Swift string took a tenth of a
            // page of thousands of footnotes.
            if CMarkNode.literal(node, containsAnyOf: [markerNeedle]) {
                cmark_node_set_literal(node, CMarkNode.literal(node).replacingOccurrences(of: markerString, with: "["))
            }
        }
    }

    private static func extract(from paragraph: OpaquePointer, source: SourceText, context: ExtensionContext) {
        let containers = BlockContainers(around: paragraph, source: source)
        guard let lines = containers.lines(of: paragraph), let last = lines.last?.number else { return }
        let starts = lines.indices.filter { index in
            let line = lines[index]
            return (index == 0 || line.indent < 4)
                && FootnoteLabel.definitionPrefix(line.content, opener: marker) != nil
        }
        guard let firstStart = starts.first else { return }
        if firstStart > 0 {
            let before = lines[0..<firstStart].map { line in
                SubDocument.Line(bytes: Array(line.content.drop { $0 == 0x20 || $0 == 0x09 }), line: line.number, offset: line.offset)
            }
            insert(before, before: paragraph, context: context)
        }
        var consumedUntil = last
        for (position, start) in starts.enumerated() {
            guard let (label, end) = FootnoteLabel.definitionPrefix(lines[start].content, opener: marker) else { continue }
            // A definition on a line lazy in the blocks around its paragraph closes them, as in
            // cmark-gfm: it, the rest of the paragraph and whatever cmark read after the
            // paragraph in the block it closes (more of a list item, the list's next items) are
            // read again after that block, where cmark-gfm reads them. (Not past the page's budget
            // for reading lines again, nor, for what follows the paragraph, where a tab indents a
            // line of that block, whose columns a container may take only part of: there the note
            // stays where it is, and what follows it in that block too.)
            if let depth = lines[start].lazyDepth {
                let closed = anchor(containers, depth)
                let end = max(Int(cmark_node_get_end_line(closed)), last)
                // The budget is taken before the lines are looked at, so that it bounds that too:
                // each note of a quote of thousands of lines, each with its note, read all the
                // lines after it again (4,000 took 28 s and 7.8 GB).
                let first = min(Int(cmark_node_get_start_line(closed)), lines[start].number)
                if context.takeRereadLines(end - first + 1) {
                    // What earlier notes of the paragraph put after it starts on no later line.
                    let following = end > last ? Self.following(paragraph, in: closed).filter { Int(cmark_node_get_start_line($0)) > last } : []
                    let tabbed = !following.isEmpty && (first...end).contains { Self.indentHoldsTab(source.line($0)) }
                    if following.isEmpty || !tabbed {
                        var rest = Array(lines[start...])
                        if !following.isEmpty {
                            rest += ((last + 1)...end).map { containers.line($0) }
                            following.forEach(context.free)
                            tightenLists(from: paragraph, to: closed, source: source)
                        }
                        place(rest[...], at: paragraph, containers: containers, context: context)
                        break
                    }
                }
            }
            // The body is parsed as a block quote: its own lines carry `> `, a lazy continuation
            // line does not, so that cmark sees it lazy, as cmark-gfm does in a definition.
            let quote = Array("> ".utf8)
            let firstLine = lines[start]
            let textStart = end - firstLine.content.startIndex
            let text = firstLine.content.dropFirst(textStart).drop { $0 == 0x20 || $0 == 0x09 }
            var body = [SubDocument.Line(
                bytes: quote + text, line: firstLine.number, offset: firstLine.offset + firstLine.content.count - text.count - 2)]
            let next = position + 1 < starts.count ? starts[position + 1] : lines.count
            // A definition with no text on its first line whose next line is not indented by 4
            // is empty: that line and the rest of the paragraph are text after it, as cmark-gfm
            // reads them.
            if text.isEmpty, start + 1 < next, lines[start + 1].indent < 4 || lines[start + 1].lazyDepth != nil {
                _ = define(label: label, body: body, at: paragraph, context: context)
                place(lines[(start + 1)..<next], at: paragraph, containers: containers, context: context)
                continue
            }
            // The lines after the first are in the definition when indented by 4; those that are
            // not, and those lazy in the blocks around it, are lazy, so that cmark sees them lazy,
            // as cmark-gfm does: they continue its paragraph, or else (after a table, say) end it.
            for line in lines[(start + 1)..<next] {
                body.append(line.indent < 4 ? Self.unindented(line) : line.lazyDepth != nil ? Self.asWritten(line) : Self.quoted(line))
            }
            // The last definition takes the indented blocks after the paragraph, unless it ends in it.
            var pulled: [SubDocument.Line] = []
            var pulledUntil = last
            // In a block quote a blank line ends a definition, as cmark-gfm has it.
            let quoted = containers.chain.contains { cmark_node_get_type($0) == CMARK_NODE_BLOCK_QUOTE }
            if next == lines.count {
                var pending: [SubDocument.Line] = []
                var number = last + 1
                while number <= source.lineRanges.count {
                    let line = containers.line(number)
                    guard line.lazyDepth == nil, !(quoted && line.trimmed.isEmpty) else { break }
                    if line.trimmed.isEmpty {
                        pending.append(SubDocument.Line(bytes: Array(">".utf8), line: number, offset: line.offset))
                    } else if line.indent >= 4 {
                        pulled += pending
                        pending = []
                        pulled.append(Self.quoted(line))
                        pulledUntil = number
                    } else if pending.isEmpty {
                        // Lines not indented right after the note's own continue its open
                        // paragraph (an item's, or its first after a `===`), as cmark-gfm reads
                        // them, until one ends it.
                        let run = lazyRun(from: number, containers: containers)
                        let kept = linesKept(of: run, after: body + pulled, context: context)
                        guard kept > 0 else { break }
                        pulled += run[0..<kept]
                        pulledUntil = number + kept - 1
                        guard kept == run.count else { break }
                        number += kept
                        continue
                    } else {
                        break
                    }
                    number += 1
                }
            }
            if !pulled.isEmpty, define(label: label, body: body + pulled, whole: true, at: paragraph, context: context) {
                consumedUntil = pulledUntil
                // A block of the page that began on a line the note took and goes on past it (a
                // heading whose underline ended the note) is read again from the line after.
                if let spanning = blockSpanning(after: paragraph, from: pulledUntil) {
                    let rest = (pulledUntil + 1)...Int(cmark_node_get_end_line(spanning))
                    place(ArraySlice(rest.map { containers.line($0) }), at: paragraph, containers: containers, context: context)
                }
            } else if !define(label: label, body: body, whole: true, at: paragraph, context: context) {
                // It ends in its paragraph, at the first line that ends it (found by halves: a
                // definition ended by a line stays ended by the lines after it); that line and
                // those after it are the page's text.
                var (holds, ends) = (1, body.count)
                while ends - holds > 1 {
                    let middle = (holds + ends) / 2
                    if endsEarly(Array(body[0..<middle]), context: context) { ends = middle } else { holds = middle }
                }
                _ = define(label: label, body: Array(body[0..<holds]), at: paragraph, context: context)
                place(lines[(start + holds)..<next], at: paragraph, containers: containers, context: context)
            }
        }
        // The blocks after it are in the order they were written: the first that starts past the
        // last line taken ends the ones to remove (looking at every later one made a page of
        // thousands of definitions quadratic).
        while let sibling = cmark_node_next(paragraph), Int(cmark_node_get_start_line(sibling)) <= consumedUntil {
            context.free(sibling)
        }
        context.free(paragraph)
    }

    /// A line of a definition's own, as a line of the block quote its text is parsed in: `> ` and
    /// the line without the 4 columns of indent that make it the definition's. A tab that spans
    /// the 4th column leaves the columns past it as spaces; the `>` is indented (by 0 to 3) so
    /// that the rest starts at a column a tab stops at as it did where it was written: a tab
    /// after it then spans the columns it spanned there, and stays a tab in code.
    private static func quoted(_ line: BlockLine) -> SubDocument.Line {
        var column = line.column
        let target = line.column + 4
        var index = line.content.startIndex
        while index < line.content.endIndex, column < target, line.content[index] == 0x20 || line.content[index] == 0x09 {
            column = line.content[index] == 0x09 ? (column / 4 + 1) * 4 : column + 1
            index += 1
        }
        let padding = max(column - target, 0)
        let rest = line.content[index...]
        let indent = ((target - 2) % 4 + 4) % 4
        let prefix = Array(repeating: UInt8(0x20), count: indent) + Array("> ".utf8) + Array(repeating: 0x20, count: padding)
        return SubDocument.Line(
            bytes: prefix + rest, line: line.number, offset: line.offset + line.content.count - rest.count - prefix.count)
    }

    /// A line lazy in the blocks around a definition with an indent of 4 or more, kept: it can
    /// start no block, and continues the definition's paragraph, if any.
    private static func asWritten(_ line: BlockLine) -> SubDocument.Line {
        SubDocument.Line(bytes: Array(line.content), line: line.number, offset: line.offset)
    }

    /// A line of text after a definition, or lazy in it, as written but for its indent.
    private static func unindented(_ line: BlockLine) -> SubDocument.Line {
        let kept = line.content.drop { $0 == 0x20 || $0 == 0x09 }
        return SubDocument.Line(bytes: Array(kept), line: line.number, offset: line.offset + line.content.count - kept.count)
    }

    /// Parses a definition's text (lines in a block quote) as blocks and keeps them, in an item of
    /// their own, before `node`. With `whole`, a definition that its lines end before the last (a
    /// lazy line after a table in it, say) makes nothing and returns false, for the caller to say
    /// where it ends; without, what its lines made after it follows the item.
    private static func define(
        label: [UInt8], body: [SubDocument.Line], whole: Bool = false, at node: OpaquePointer, context: ExtensionContext
    ) -> Bool {
        let key = FootnoteLabel.key(label)
        guard let item = CMarkNode.custom(CMARK_NODE_CUSTOM_BLOCK, enter: "", exit: "") else { return true }
        var after: [OpaquePointer] = []
        if let document = SubDocument(body, context: context) {
            defer { context.free(document.root) }
            // A definition in a note is the page's, as cmark-gfm has it: taken out of the note
            // (its `[` still marked, so that cmark does not read it as a link's definition). Each
            // note's lines count against the page's budget: notes nested hundreds deep each held
            // all those inside it. Past it, a definition in a note is its text.
            if body.contains(where: { $0.bytes.contains(marker) }), context.takeRereadLines(body.count) {
                for block in document.blocks { extract(under: block, source: document.source, context: context) }
            }
            if let quote = document.blocks.first, cmark_node_get_type(quote) == CMARK_NODE_BLOCK_QUOTE {
                if context.extensions.tables { Tables.apply(under: quote, source: document.source, context: context) }
                if whole, document.blocks.count > 1 {
                    cmark_node_free(item)
                    return false
                }
                for block in CMarkNode.children(quote) {
                    document.adopt(block, into: context)
                    cmark_node_unlink(block)
                    cmark_node_append_child(item, block)
                }
                if context.extensions.tables {
                    for block in document.blocks.dropFirst() { Tables.apply(under: block, source: document.source, context: context) }
                }
                after = Array(document.blocks.dropFirst())
                for block in after {
                    document.adopt(block, into: context)
                    cmark_node_unlink(block)
                }
            }
        }
        cmark_node_insert_before(node, item)
        for block in after { cmark_node_insert_before(node, block) }
        if context.footnotes[key] == nil {
            context.footnotes[key] = FootnoteDefinition(label: label, item: item)
        } else {
            context.footnoteDuplicates.append(item)
        }
        return true
    }

    /// The lines from `number` up to the next blank line (or one lazy in the blocks around, a block
    /// quote's or a definition's), as lines of a definition's body: indented by 4, its own; less, lazy.
    private static func lazyRun(from number: Int, containers: BlockContainers) -> [SubDocument.Line] {
        var run: [SubDocument.Line] = []
        var next = number
        while next <= containers.source.lineRanges.count {
            let line = containers.line(next)
            guard line.lazyDepth == nil, let start = line.trimmed.first else { break }
            // A `>` starts a block quote of the page's, which no paragraph of the note takes in
            // (read after the note's lines, it would be more of the quote they are parsed in);
            // a definition starts the next note.
            if line.indent < 4, start == UInt8(ascii: ">") || FootnoteLabel.definitionPrefix(line.content, opener: marker) != nil { break }
            run.append(line.indent >= 4 ? quoted(line) : unindented(line))
            next += 1
        }
        return run
    }

    /// How many of `run` stay in the definition whose body is `body` (found by halves: a
    /// definition ended by a line stays ended by the lines after it).
    private static func linesKept(of run: [SubDocument.Line], after body: [SubDocument.Line], context: ExtensionContext) -> Int {
        var (holds, ends) = (0, run.count + 1)
        while ends - holds > 1 {
            let middle = (holds + ends) / 2
            if endsEarly(body + run[0..<middle], context: context) { ends = middle } else { holds = middle }
        }
        return holds
    }

    /// The block after `node` that starts on line `line` or before and ends past it, if any.
    private static func blockSpanning(after node: OpaquePointer, from line: Int) -> OpaquePointer? {
        var sibling = cmark_node_next(node)
        while let block = sibling, Int(cmark_node_get_start_line(block)) <= line {
            if Int(cmark_node_get_end_line(block)) > line { return block }
            sibling = cmark_node_next(block)
        }
        return nil
    }

    /// Whether the lines of a definition's body end it before the last of them.
    private static func endsEarly(_ body: [SubDocument.Line], context: ExtensionContext) -> Bool {
        let lines = body.map { line in
            var line = line
            line.bytes = line.bytes.map { $0 == marker ? UInt8(ascii: "[") : $0 }
            return line
        }
        guard let document = SubDocument(lines, context: context) else { return false }
        defer { context.free(document.root) }
        guard let quote = document.blocks.first, cmark_node_get_type(quote) == CMARK_NODE_BLOCK_QUOTE else { return false }
        if context.extensions.tables { Tables.apply(under: quote, source: document.source, context: context) }
        return document.blocks.count > 1
    }

    /// Lines of a paragraph that are no definition's, the page's text: where the paragraph was,
    /// or, from a line lazy in the blocks around it, after the block that line closes (the list
    /// of an item), read again there with any definitions in them, as cmark-gfm reads them.
    private static func place(_ rest: ArraySlice<BlockLine>, at paragraph: OpaquePointer, containers: BlockContainers, context: ExtensionContext) {
        guard let first = rest.first else { return }
        guard let depth = first.lazyDepth else {
            // The first line starts a paragraph; an indent of 4 keeps each later one in it.
            let lines = rest.indices.map { index in
                index == rest.startIndex || rest[index].indent < 4 ? unindented(rest[index]) : asWritten(rest[index])
            }
            insert(lines, before: paragraph, context: context)
            return
        }
        let lines = rest.map { line in
            let stripped = containers.line(line.number, depth: depth)
            return SubDocument.Line(bytes: Array(stripped.content), line: line.number, offset: stripped.offset)
        }
        insert(lines, after: anchor(containers, depth), context: context)
    }

    /// The block a line lazy at `depth` closes: the container there, or the list of an item.
    private static func anchor(_ containers: BlockContainers, _ depth: Int) -> OpaquePointer {
        let container = containers.chain[depth]
        if cmark_node_get_type(container) == CMARK_NODE_ITEM, let list = cmark_node_parent(container) { return list }
        return container
    }

    /// The lists around `node` up to `ancestor`, cut short where a definition closed them: each
    /// is tight unless a blank line parts two of its items, or two blocks of one item, in what is
    /// left (the blank lines cmark saw in what followed made it loose, where cmark-gfm ends it
    /// before them).
    private static func tightenLists(from node: OpaquePointer, to ancestor: OpaquePointer, source: SourceText) {
        func blankBetween(_ first: OpaquePointer, _ second: OpaquePointer) -> Bool {
            let (end, start) = (Int(cmark_node_get_end_line(first)), Int(cmark_node_get_start_line(second)))
            guard start > end + 1 else { return false }
            return ((end + 1)..<start).contains { number in
                source.line(number).allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") }
            }
        }
        func isTight(_ list: OpaquePointer) -> Bool {
            let items = CMarkNode.children(list)
            for (index, item) in items.enumerated() {
                if index + 1 < items.count, blankBetween(item, items[index + 1]) { return false }
                let blocks = CMarkNode.children(item)
                if zip(blocks, blocks.dropFirst()).contains(where: blankBetween) { return false }
            }
            return true
        }
        var current = cmark_node_parent(node)
        while let container = current {
            if cmark_node_get_type(container) == CMARK_NODE_LIST, isTight(container) { cmark_node_set_list_tight(container, 1) }
            if container == ancestor { break }
            current = cmark_node_parent(container)
        }
    }

    /// Whether a tab is among the blanks and the quote and list markers that start `line`.
    private static func indentHoldsTab(_ line: ArraySlice<UInt8>) -> Bool {
        line.prefix { " \t>-+*.)0123456789".utf8.contains($0) }.contains(0x09)
    }

    /// The blocks that follow `node` inside `ancestor`, in the order written: its next siblings,
    /// its parent's, and so on up to `ancestor`.
    private static func following(_ node: OpaquePointer, in ancestor: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var current = node
        while current != ancestor, let parent = cmark_node_parent(current) {
            var next = cmark_node_next(current)
            while let sibling = next {
                result.append(sibling)
                next = cmark_node_next(sibling)
            }
            current = parent
        }
        return result
    }

    private static func insert(_ lines: [SubDocument.Line], before node: OpaquePointer, context: ExtensionContext) {
        for block in parsed(lines, context: context) { cmark_node_insert_before(node, block) }
    }

    private static func insert(_ lines: [SubDocument.Line], after node: OpaquePointer, context: ExtensionContext) {
        var previous = node
        for block in parsed(lines, context: context) {
            cmark_node_insert_after(previous, block)
            previous = block
        }
    }

    /// `lines` parsed as blocks of their own, with their definitions and tables found, taken out
    /// of their document to be put in the page's.
    private static func parsed(_ lines: [SubDocument.Line], context: ExtensionContext) -> [OpaquePointer] {
        guard let document = SubDocument(lines, context: context) else { return [] }
        defer { context.free(document.root) }
        if lines.contains(where: { $0.bytes.contains(marker) }) {
            for block in document.blocks { extract(under: block, source: document.source, context: context) }
        }
        if context.extensions.tables {
            for block in document.blocks { Tables.apply(under: block, source: document.source, context: context) }
        }
        let blocks = document.blocks
        for block in blocks {
            document.adopt(block, into: context)
            cmark_node_unlink(block)
        }
        return blocks
    }
}

/// A footnote's definition as written, the item holding its blocks, and the references to it.
struct FootnoteDefinition {
    var label: [UInt8]
    var item: OpaquePointer
    /// Its number, in the order of first references; nil while nothing refers to it.
    var number: Int?
    var references = 0
}
