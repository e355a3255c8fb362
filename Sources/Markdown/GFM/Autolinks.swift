import CCMark

/// GFM's extended autolinks: `www.` addresses and `http://`, `https://` and `ftp://` URLs found in
/// text as written (cmark-gfm finds them while parsing inlines, and not while a `[` is open:
/// `Brackets`), and e-mail addresses (with `mailto:` or `xmpp:` or none) found in text
/// afterwards; never inside a link.
enum Autolinks {
    /// The `www.` and URL links, before strikethrough pairs its tildes around them.
    static func applyURLs(under root: OpaquePointer, source: SourceText, context: ExtensionContext) {
        var brackets: Brackets?
        for node in textNodes(under: root) {
            // What the source holds, its text holds too (escapes only lose their backslash).
            guard CMarkNode.literal(node, containsAnyOf: ["www.", "://"]), let raw = context.raw(of: node, in: source) else { continue }
            let bytes = raw.bytes
            let endsSubject = endsSubject(node)
            if brackets == nil { brackets = Brackets(under: root, source: source, context: context) }
            let links = brackets?.links(in: node, raw: raw, endsSubject: endsSubject) ?? []
            guard !links.isEmpty else { continue }
            var pieces: [(range: Range<Int>, url: [UInt8]?)] = []
            var textStart = 0
            for link in links {
                if textStart < link.range.lowerBound { pieces.append((textStart..<link.range.lowerBound, nil)) }
                pieces.append((link.range, link.url))
                textStart = link.range.upperBound
            }
            if textStart < bytes.count { pieces.append((textStart..<bytes.count, nil)) }
            var anchor = node
            for piece in pieces {
                let text = Array(bytes[piece.range])
                let before = piece.range.lowerBound == 0 ? raw.before : RawText.scalar(endingAt: piece.range.lowerBound, in: bytes[...])
                let after = piece.range.upperBound == bytes.count ? raw.after : RawText.scalar(startingAt: piece.range.upperBound, in: bytes[...])
                let made: OpaquePointer?
                if let url = piece.url {
                    made = link(url: url, text: text)
                    if let made { context.markAutolink(made) }
                } else {
                    made = context.text(RawText(bytes: text, before: before, after: after))
                }
                guard let made else { continue }
                cmark_node_insert_after(anchor, made)
                anchor = made
            }
            context.free(node)
        }
    }

    /// Whether `node` is the last of its paragraph's or heading's text: what a link may end at.
    static func endsSubject(_ node: OpaquePointer) -> Bool {
        cmark_node_next(node) == nil && isBlock(cmark_node_parent(node))
    }

    /// The e-mail links, in text as cmark read it, after strikethrough.
    static func applyEmails(under root: OpaquePointer, context: ExtensionContext) {
        for node in textNodes(under: root) {
            let literal = Array(CMarkNode.literal(node).utf8)
            guard literal.contains(UInt8(ascii: "@")) else { continue }
            let links = EmailScanner.links(in: literal)
            guard !links.isEmpty else { continue }
            var anchor = node
            var textStart = 0
            func add(_ made: OpaquePointer?) {
                guard let made else { return }
                cmark_node_insert_after(anchor, made)
                anchor = made
            }
            for link in links {
                if textStart < link.range.lowerBound { add(CMarkNode.text(String(decoding: literal[textStart..<link.range.lowerBound], as: UTF8.self))) }
                add(self.link(url: link.url, text: Array(literal[link.range])))
                textStart = link.range.upperBound
            }
            if textStart < literal.count { add(CMarkNode.text(String(decoding: literal[textStart...], as: UTF8.self))) }
            context.free(node)
        }
    }

    static func textNodes(under root: OpaquePointer) -> [OpaquePointer] {
        let links: Set<UInt32> = [CMARK_NODE_LINK.rawValue, CMARK_NODE_IMAGE.rawValue]
        return CMarkNode.descendants(of: root).filter {
            cmark_node_get_type($0) == CMARK_NODE_TEXT && !CMarkNode.isInside($0, links)
        }
    }

    private static func isBlock(_ node: OpaquePointer?) -> Bool {
        guard let node else { return true }
        let type = cmark_node_get_type(node)
        return type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING
    }

    private static func link(url: [UInt8], text: [UInt8]) -> OpaquePointer? {
        guard let link = cmark_node_new(CMARK_NODE_LINK), let label = CMarkNode.text(String(decoding: text, as: UTF8.self)) else {
            return nil
        }
        cmark_node_set_url(link, String(decoding: url, as: UTF8.self))
        cmark_node_append_child(link, label)
        return link
    }
}
