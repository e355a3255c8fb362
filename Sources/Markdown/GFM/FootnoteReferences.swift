import CCMark

/// `[^label]` in text, where a definition of that label exists, as cmark-gfm's numbered
/// superscript link; numbers go by first reference in document order (definitions where they were
/// written), and `finish` writes the referenced definitions at the end with links back.
enum FootnoteReferences {
    static func apply(under root: OpaquePointer, source: SourceText, context: ExtensionContext) {
        guard !context.footnotes.isEmpty else { return }
        var next = 1
        for node in CMarkNode.descendants(of: root, ofType: CMARK_NODE_TEXT) {
            if context.footnotesExceeded != nil { break }
            guard CMarkNode.literal(node).containsBytes("[^") else { continue }
            let written = context.raw(of: node, in: source)
            let raw = written ?? RawText(bytes: Array(CMarkNode.literal(node).utf8), before: nil, after: nil)
            let bytes = raw.bytes
            var pieces: [(range: Range<Int>, reference: String?)] = []
            var textStart = 0
            var index = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1].isASCIIPunctuation {
                    index += 2
                    continue
                }
                guard bytes[index] == UInt8(ascii: "["), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "^"),
                    let close = FootnoteLabel.labelEnd(bytes[...], from: index + 2),
                    var definition = context.footnotes[FootnoteLabel.key(Array(bytes[(index + 2)..<close]))]
                else {
                    index += 1
                    continue
                }
                let key = FootnoteLabel.key(Array(bytes[(index + 2)..<close]))
                let number = definition.number ?? next
                let reference = definition.references + 1
                let label = context.footnotePrefix + FootnoteLabel.escaped(definition.label)
                let id = "fnref-\(label)" + (reference > 1 ? "-\(reference)" : "")
                let html = "<sup class=\"footnote-ref\"><a href=\"#fn-\(label)\" id=\"\(id)\" data-footnote-ref>\(number)</a></sup>"
                // What this reference makes, here and in its footnote's links back, counts before its node is made.
                let made = html.utf8.count + backLink(label: label, reference: reference, back: context.footnoteBackLabel).utf8.count + 1
                guard made <= context.maximumFootnoteHTML - context.footnoteHTML else {
                    // Text is on one line: the reference is as far along it as in the node's bytes.
                    let start = context.inlinePosition(of: node) ?? (Int(cmark_node_get_start_line(node)), Int(cmark_node_get_start_column(node)))
                    context.footnotesExceeded = MarkdownPosition(line: start.line, byteColumn: start.column + index)
                    break
                }
                context.footnoteHTML += made
                if definition.number == nil { next += 1 }
                definition.number = number
                definition.references = reference
                context.footnotes[key] = definition
                if textStart < index { pieces.append((textStart..<index, nil)) }
                pieces.append((index..<(close + 1), html))
                index = close + 1
                textStart = index
            }
            guard pieces.contains(where: { $0.reference != nil }) else { continue }
            if textStart < bytes.count { pieces.append((textStart..<bytes.count, nil)) }
            let start = context.writtenPosition(ofText: node, raw: written, in: source)
            var anchor = node
            for piece in pieces {
                let made: OpaquePointer?
                if let html = piece.reference {
                    made = CMarkNode.custom(CMARK_NODE_CUSTOM_INLINE, enter: html, exit: "")
                } else {
                    let before = piece.range.lowerBound == 0 ? raw.before : RawText.scalar(endingAt: piece.range.lowerBound, in: bytes[...])
                    let after = piece.range.upperBound == bytes.count ? raw.after : RawText.scalar(startingAt: piece.range.upperBound, in: bytes[...])
                    made = context.text(
                        RawText(bytes: Array(bytes[piece.range]), before: before, after: after),
                        at: start.map { ($0.line, $0.column + piece.range.lowerBound) })
                }
                guard let made else { continue }
                cmark_node_insert_after(anchor, made)
                anchor = made
            }
            context.free(node)
        }
    }

    /// Moves the referenced definitions, in the order of their numbers, into the footnotes section
    /// at the end of `root`, each with a link back to every reference; drops the others.
    static func finish(under root: OpaquePointer, context: ExtensionContext) {
        for definition in context.footnotes.values { cmark_node_unlink(definition.item) }
        for duplicate in context.footnoteDuplicates { context.free(duplicate) }
        let numbered = context.footnotes.values.filter { $0.number != nil }.sorted { ($0.number ?? 0) < ($1.number ?? 0) }
        for definition in context.footnotes.values where definition.number == nil { context.free(definition.item) }
        guard !numbered.isEmpty,
            let section = CMarkNode.custom(CMARK_NODE_CUSTOM_BLOCK, enter: "<section class=\"footnotes\" data-footnotes>\n<ol>", exit: "</ol>\n</section>")
        else { return }
        for definition in numbered {
            let label = context.footnotePrefix + FootnoteLabel.escaped(definition.label)
            cmark_node_set_on_enter(definition.item, "<li id=\"fn-\(label)\">")
            cmark_node_set_on_exit(definition.item, "</li>")
            let links = (1...max(definition.references, 1)).map { reference in
                backLink(label: label, reference: reference, back: context.footnoteBackLabel)
            }.joined(separator: " ")
            if let last = cmark_node_last_child(definition.item), cmark_node_get_type(last) == CMARK_NODE_PARAGRAPH,
                let back = CMarkNode.custom(CMARK_NODE_CUSTOM_INLINE, enter: " " + links, exit: "")
            {
                cmark_node_append_child(last, back)
            } else if let back = CMarkNode.custom(CMARK_NODE_CUSTOM_BLOCK, enter: links, exit: "") {
                cmark_node_append_child(definition.item, back)
            }
            cmark_node_append_child(section, definition.item)
        }
        cmark_node_append_child(root, section)
    }

    /// A footnote's link back to its `reference`th reference; `back` is its accessible name, escaped.
    private static func backLink(label: String, reference: Int, back: String) -> String {
        reference == 1
            ? "<a href=\"#fnref-\(label)\" class=\"footnote-backref\" data-footnote-backref aria-label=\"\(back)\">↩</a>"
            : "<a href=\"#fnref-\(label)-\(reference)\" class=\"footnote-backref\" data-footnote-backref aria-label=\"\(back)\">↩<sup class=\"footnote-ref\">\(reference)</sup></a>"
    }
}
