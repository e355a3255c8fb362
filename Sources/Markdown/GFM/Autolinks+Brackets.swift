import CCMark

extension Autolinks {
    /// Where a `[` (or `![`) of a paragraph, heading or table cell is open: no `]` has closed it
    /// yet. cmark-gfm makes no `www.` or URL link there, since the bracket may yet make a link of
    /// what it holds (`[see https://example.com/b]` is text, where a link would take the `]`).
    /// Once a link is made, the `![` still open no longer count; the `[` do. An escaped bracket,
    /// or one written as an entity, is text. cmark merges the text of brackets that made nothing
    /// with the text around them, so they are found in the text as written.
    struct Brackets {
        /// A bracket not yet closed: `![` or `[`, and whether it still keeps links out.
        struct Opener: Equatable {
            var isImage: Bool
            var counts = true
        }

        private static let brackets = CMarkNode.cStrings("[", "]")

        /// The brackets open where each text node begins, for those where any is.
        private var openAtStart: [OpaquePointer: [Opener]] = [:]
        /// The links the walk found in each text node that may hold one, read as its own text
        /// ends (`Autolinks.endsSubject`), so that they are not looked for twice.
        private var found: [OpaquePointer: [URLScanner.Match]] = [:]

        init(under root: OpaquePointer, source: SourceText, context: ExtensionContext) {
            var open: [Opener] = []
            let blocks = CMARK_NODE_FIRST_BLOCK.rawValue...CMARK_NODE_LAST_BLOCK.rawValue
            for node in CMarkNode.descendants(of: root) {
                let type = cmark_node_get_type(node)
                if type == CMARK_NODE_LINK, !Self.isAutolink(node) {
                    for index in open.indices where open[index].isImage { open[index].counts = false }
                }
                guard type == CMARK_NODE_TEXT else {
                    if blocks.contains(type.rawValue) { open = [] }
                    continue
                }
                if !open.isEmpty { openAtStart[node] = open }
                // A bracket inside a link that cmark-gfm takes is part of the link.
                let findsLinks = CMarkNode.literal(node, containsAnyOf: CMarkNode.linkStarts)
                guard findsLinks || CMarkNode.literal(node, containsAnyOf: Self.brackets),
                    let raw = context.raw(of: node, in: source) ?? Autolinks.smartText(of: node, context)
                else { continue }
                let scanned = Self.scan(raw, endsSubject: Autolinks.endsSubject(node), from: open, findingLinks: findsLinks)
                if findsLinks { found[node] = scanned.links }
                open = scanned.after
            }
        }

        /// The `www.` and URL links in `raw`, the text of `node` as written, where no bracket
        /// keeps them out.
        func links(in node: OpaquePointer, raw: RawText, endsSubject: Bool) -> [URLScanner.Match] {
            if endsSubject == Autolinks.endsSubject(node), let known = found[node] { return known }
            return Self.scan(raw, endsSubject: endsSubject, from: openAtStart[node] ?? [], findingLinks: true).links
        }

        /// The links in `raw` (text as written) when `open` are the brackets open where it begins,
        /// and those open after it: one pass from its start, as cmark-gfm's parser makes, where
        /// a link takes its bytes whole (a `[` in it opens nothing) and an open bracket keeps
        /// links out.
        static func scan(_ raw: RawText, endsSubject: Bool, from open: [Opener], findingLinks: Bool) -> (links: [URLScanner.Match], after: [Opener]) {
            let bytes = raw.bytes
            var open = open
            var links: [URLScanner.Match] = []
            var textStart = 0
            var index = 0
            while index < bytes.count {
                if findingLinks, !open.contains(where: \.counts),
                    let link = URLScanner.www(bytes, at: index, before: raw.before, endsSubject: endsSubject)
                        ?? URLScanner.url(bytes, at: index, from: textStart, endsSubject: endsSubject)
                {
                    links.append(link)
                    index = link.range.upperBound
                    textStart = index
                    continue
                }
                switch bytes[index] {
                case UInt8(ascii: "\\") where index + 1 < bytes.count && bytes[index + 1].isASCIIPunctuation:
                    index += 1
                case UInt8(ascii: "["):
                    open.append(Opener(isImage: index > 0 && bytes[index - 1] == UInt8(ascii: "!") && !Self.isEscaped(index - 1, in: bytes)))
                case UInt8(ascii: "]"):
                    _ = open.popLast()
                default: break
                }
                index += 1
            }
            return (links, open)
        }

        /// Whether the byte at `index` follows a backslash that escapes it.
        static func isEscaped(_ index: Int, in bytes: [UInt8]) -> Bool {
            var backslashes = 0
            var at = index - 1
            while at >= 0, bytes[at] == UInt8(ascii: "\\") {
                backslashes += 1
                at -= 1
            }
            return backslashes % 2 == 1
        }

        /// Whether `link` is an autolink written `<…>`: its text is its address.
        private static func isAutolink(_ link: OpaquePointer) -> Bool {
            guard let child = cmark_node_first_child(link), cmark_node_next(child) == nil, cmark_node_get_type(child) == CMARK_NODE_TEXT,
                let url = cmark_node_get_url(link).map({ String(cString: $0) })
            else { return false }
            let text = CMarkNode.literal(child)
            return url == text || url == "mailto:" + text
        }
    }
}
