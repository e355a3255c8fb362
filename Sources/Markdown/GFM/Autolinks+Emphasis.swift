import CCMark

extension Autolinks {
    /// cmark-gfm takes a `www.` or URL link whole while it parses inlines, before any `*` or `_`
    /// in it can pair; cmark, parsing first, pairs them (`Lib/__init__.py` holds a strong
    /// `init`). Where a text node ends inside such a link and emphasis follows that the link
    /// covers whole, the text node, that emphasis and the start of the text after it become one
    /// text node of the source as written, in which `applyURLs` then finds the whole link.
    /// Emphasis that the link's end cuts through is left as cmark paired it.
    static func joinEmphasisInsideLinks(under root: OpaquePointer, source: SourceText, context: ExtensionContext) {
        var brackets: Brackets?
        for node in textNodes(under: root) where !context.isAdopted(node) {
            // The text after a joined link may hold another.
            var current: OpaquePointer? = node
            // (A node taken out stays alive until the context goes: its text can be looked at first.)
            while let text = current, CMarkNode.literal(text, containsAnyOf: CMarkNode.linkStarts), CMarkNode.isInTree(text, of: root) {
                let known = brackets ?? Brackets(under: root, source: source, context: context)
                brackets = known
                current = joinOnce(text, source: source, context: context, brackets: known)
                // What a join made is new to the brackets' record: they are found again.
                if current != nil { brackets = nil }
            }
        }
    }

    /// Joins what the link that `node`'s text ends inside covers, if anything; the text node made
    /// of what follows the link, if one was.
    private static func joinOnce(_ node: OpaquePointer, source: SourceText, context: ExtensionContext, brackets: Brackets) -> OpaquePointer? {
        guard let next = cmark_node_next(node), [CMARK_NODE_EMPH, CMARK_NODE_STRONG].contains(cmark_node_get_type(next)),
            CMarkNode.literal(node, containsAnyOf: CMarkNode.linkStarts), let raw = context.raw(of: node, in: source), let offset = raw.offset, let after = raw.after,
            after == "*" || after == "_",
            let end = linkEnd(of: node, startingIn: raw, at: offset, source: source, brackets: brackets),
            end > offset + raw.bytes.count
        else { return nil }
        return join(node, raw: raw, offset: offset, through: end, source: source, context: context)
    }

    /// Where, in `source`, the link that runs to the end of `raw` (found at `offset`) ends when
    /// read on in the source as written; nil when no link runs to its end.
    private static func linkEnd(of node: OpaquePointer, startingIn raw: RawText, at offset: Int, source: SourceText, brackets: Brackets) -> Int? {
        let bytes = raw.bytes
        guard let last = brackets.links(in: node, raw: raw, endsSubject: false).last, last.range.upperBound == bytes.count,
            let line = source.lineRange(containing: offset)
        else { return nil }
        let lineBytes = Array(source.bytes[line])
        let start = offset - line.lowerBound + last.range.lowerBound
        let colon = lineBytes[start...].firstIndex(of: UInt8(ascii: ":"))
        let whole = bytes[last.range].starts(with: Array("www.".utf8))
            ? URLScanner.www(lineBytes, at: start, before: raw.before, endsSubject: false)
            : colon.flatMap { URLScanner.url(lineBytes, at: $0, from: start, endsSubject: false) }
        guard let whole, whole.range.lowerBound == start else { return nil }
        return line.lowerBound + whole.range.upperBound
    }

    /// Joins `node` and the siblings after it up to `end` in the source, when they are text
    /// and emphasis of text alone, each written where the source says. What of the last one lies
    /// past `end` (the rest of a text, or of emphasis whose delimiters the link took or left)
    /// becomes text, which is returned.
    private static func join(
        _ node: OpaquePointer, raw: RawText, offset: Int, through end: Int, source: SourceText, context: ExtensionContext
    ) -> OpaquePointer? {
        var covered: [OpaquePointer] = []
        var position = offset + raw.bytes.count
        var restEnd: Int?
        var sibling = cmark_node_next(node)
        while let current = sibling, position < end {
            let type = cmark_node_get_type(current)
            let currentEnd: Int
            if type == CMARK_NODE_TEXT {
                guard let text = context.raw(of: current, in: source), text.offset == position else { return nil }
                currentEnd = position + text.bytes.count
            } else if type == CMARK_NODE_EMPH || type == CMARK_NODE_STRONG {
                guard let emphasisEnd = extent(of: current, from: position, source: source, context: context) else { return nil }
                currentEnd = emphasisEnd
            } else {
                return nil
            }
            covered.append(current)
            if currentEnd > end { restEnd = currentEnd }
            position = min(currentEnd, end)
            sibling = cmark_node_next(current)
        }
        guard position == end else { return nil }
        func text(_ range: Range<Int>) -> OpaquePointer? {
            // At the end of a line, nothing comes after it.
            let endsLine = range.upperBound == source.bytes.count || source.bytes[range.upperBound] == 0x0A || source.bytes[range.upperBound] == 0x0D
            let after = endsLine ? nil : RawText.scalar(startingAt: range.upperBound, in: source.bytes[...])
            let before = range.lowerBound == offset ? raw.before : RawText.scalar(endingAt: range.lowerBound, in: source.bytes[...])
            return context.text(RawText(bytes: Array(source.bytes[range]), before: before, after: after, offset: range.lowerBound))
        }
        guard let joined = text(offset..<end) else { return nil }
        cmark_node_insert_after(node, joined)
        let rest = restEnd.flatMap { text(end..<$0) }
        if let rest { cmark_node_insert_after(joined, rest) }
        context.free(node)
        covered.forEach(context.free)
        return rest
    }

    /// Where emphasis `node`, written from `start` in the source, ends: its delimiters, then its
    /// text nodes each where the source has it, then its closing delimiters; nil when it holds
    /// anything but text, or the source does not read so.
    private static func extent(of node: OpaquePointer, from start: Int, source: SourceText, context: ExtensionContext) -> Int? {
        let width = cmark_node_get_type(node) == CMARK_NODE_STRONG ? 2 : 1
        guard start + width <= source.bytes.count else { return nil }
        let delimiter = source.bytes[start]
        guard delimiter == UInt8(ascii: "*") || delimiter == UInt8(ascii: "_"),
            source.bytes[start..<(start + width)].allSatisfy({ $0 == delimiter })
        else { return nil }
        var position = start + width
        for child in CMarkNode.children(node) {
            guard cmark_node_get_type(child) == CMARK_NODE_TEXT, let text = context.raw(of: child, in: source), text.offset == position else { return nil }
            position += text.bytes.count
        }
        guard position + width <= source.bytes.count, source.bytes[position..<(position + width)].allSatisfy({ $0 == delimiter }) else { return nil }
        return position + width
    }
}
