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
            guard CMarkNode.literal(node, containsAnyOf: CMarkNode.linkStarts) else { continue }
            let asWritten = context.raw(of: node, in: source)
            guard let raw = asWritten ?? smartText(of: node, context) else { continue }
            let bytes = raw.bytes
            let endsSubject = endsSubject(node)
            if brackets == nil { brackets = Brackets(under: root, source: source, context: context) }
            var links = brackets?.links(in: node, raw: raw, endsSubject: endsSubject) ?? []
            if asWritten == nil { links = links.compactMap { withoutSmartPunctuation($0, in: bytes) } }
            guard !links.isEmpty else { continue }
            var pieces: [(range: Range<Int>, url: [UInt8]?)] = []
            var textStart = 0
            for link in links {
                if textStart < link.range.lowerBound { pieces.append((textStart..<link.range.lowerBound, nil)) }
                pieces.append((link.range, link.url))
                textStart = link.range.upperBound
            }
            if textStart < bytes.count { pieces.append((textStart..<bytes.count, nil)) }
            // Where the text was written, when its source was found: the pieces' columns follow.
            let start = asWritten == nil ? nil : context.writtenPosition(ofText: node, raw: asWritten, in: source)
            var anchor = node
            for piece in pieces {
                let text = Array(bytes[piece.range])
                let before = piece.range.lowerBound == 0 ? raw.before : RawText.scalar(endingAt: piece.range.lowerBound, in: bytes[...])
                let after = piece.range.upperBound == bytes.count ? raw.after : RawText.scalar(startingAt: piece.range.upperBound, in: bytes[...])
                let position = start.map { ($0.line, $0.column + piece.range.lowerBound) }
                let made: OpaquePointer?
                if let url = piece.url {
                    made = link(url: url, text: text)
                    if let made {
                        context.markAutolink(made)
                        if let position { context.setInlinePosition(position, of: made) }
                    }
                } else {
                    made = context.text(RawText(bytes: text, before: before, after: after), at: position)
                }
                guard let made else { continue }
                cmark_node_insert_after(anchor, made)
                anchor = made
            }
            context.free(node)
        }
    }

    /// With smart punctuation on, the text of `node` as cmark made it, where its curly quotes and
    /// dashes keep it from being matched to its source (an apostrophe in `Don't` did): links are
    /// found in it as it is, and the text around them keeps its punctuation. (cmark-gfm takes a
    /// link whole before its `--` or quotes are made curly; here they are in the link's text.)
    static func smartText(of node: OpaquePointer, _ context: ExtensionContext) -> RawText? {
        guard context.flags & CMARK_OPT_SMART != 0 else { return nil }
        // What came before: nothing at the start of its paragraph or emphasis; else the end of
        // the text before, or of a link or code span (`)`, a backtick), which no `www.` follows.
        var before: Unicode.Scalar?
        if let previous = cmark_node_previous(node) {
            before = cmark_node_get_type(previous) == CMARK_NODE_TEXT ? CMarkNode.literal(previous).unicodeScalars.last : ")"
        }
        return RawText(bytes: Array(CMarkNode.literal(node).utf8), before: before, after: nil)
    }

    /// The punctuation smart mode makes (curly quotes, en and em dashes, the ellipsis), which
    /// cmark-gfm never sees in a link: it takes the link from the source first.
    private static let smartPunctuation = ["\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2013}", "\u{2014}", "\u{2026}"].map { Array($0.utf8) }

    /// `link`, found in text smart mode made, without the smart punctuation it ends with (what
    /// was `...` or a closing quote after it in the source, which cmark-gfm leaves out as it does
    /// `.` and `'`); nil when some is left inside it, where the source held `--` or quotes that
    /// cmark-gfm keeps in the address and that this text has lost.
    private static func withoutSmartPunctuation(_ link: URLScanner.Match, in bytes: [UInt8]) -> URLScanner.Match? {
        var end = link.range.upperBound
        while let mark = smartPunctuation.first(where: { bytes[link.range.lowerBound..<end].reversed().starts(with: $0.reversed()) }) {
            end -= mark.count
            end = link.range.lowerBound + URLScanner.trimmedEnd(bytes[link.range.lowerBound..<end], end - link.range.lowerBound)
        }
        let kept = bytes[link.range.lowerBound..<end]
        guard end > link.range.lowerBound, !kept.contains(where: { $0 >= 0x80 }) || !smartPunctuation.contains(where: { kept.firstRange(of: $0) != nil })
        else { return nil }
        let dropped = link.range.upperBound - end
        return URLScanner.Match(range: link.range.lowerBound..<end, url: Array(link.url.dropLast(dropped)))
    }

    /// Whether `node` is the last of its paragraph's or heading's text: what a link may end at.
    static func endsSubject(_ node: OpaquePointer) -> Bool {
        cmark_node_next(node) == nil && isBlock(cmark_node_parent(node))
    }

    /// The e-mail links, in text as cmark read it, after strikethrough.
    static func applyEmails(under root: OpaquePointer, source: SourceText, context: ExtensionContext) {
        for node in textNodes(under: root) {
            let literal = Array(CMarkNode.literal(node).utf8)
            guard literal.contains(UInt8(ascii: "@")) else { continue }
            let links = EmailScanner.links(in: literal)
            guard !links.isEmpty else { continue }
            // Where the text was written, when its source reads as the text (escapes and entity
            // references included, which the links' columns count); else a link is placed where
            // its paragraph was.
            let raw = context.raw(of: node, in: source).flatMap { context.decoder.decode($0.bytes) == literal ? $0 : nil }
            let start = raw == nil ? nil : context.writtenPosition(ofText: node, raw: raw, in: source)
            var anchor = node
            var textStart = 0
            func add(_ made: OpaquePointer?) {
                guard let made else { return }
                cmark_node_insert_after(anchor, made)
                anchor = made
            }
            for link in links {
                if textStart < link.range.lowerBound { add(CMarkNode.text(String(decoding: literal[textStart..<link.range.lowerBound], as: UTF8.self))) }
                let made = self.link(url: link.url, text: Array(literal[link.range]))
                if let made { context.markAutolink(made) }
                if let made, let start, let raw {
                    context.setInlinePosition((start.line, start.column + context.decoder.rawOffset(ofDecoded: link.range.lowerBound, in: raw.bytes)), of: made)
                }
                add(made)
                textStart = link.range.upperBound
            }
            if textStart < literal.count { add(CMarkNode.text(String(decoding: literal[textStart...], as: UTF8.self))) }
            context.free(node)
        }
    }

    /// The text nodes under `root` outside links and images, in document order, found in one
    /// walk of the tree (a walk up from every text node cost 2% of a build).
    static func textNodes(under root: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(root) else { return result }
        defer { cmark_iter_free(iterator) }
        var linkDepth = CMarkNode.isInside(root, [CMARK_NODE_LINK.rawValue, CMARK_NODE_IMAGE.rawValue]) ? 1 : 0
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE {
                linkDepth += event == CMARK_EVENT_ENTER ? 1 : -1
            } else if type == CMARK_NODE_TEXT, event == CMARK_EVENT_ENTER, linkDepth == 0 {
                result.append(node)
            }
        }
        return result
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
