import CCMark

extension Autolinks {
    /// Where a `[` (or `![`) of a paragraph, heading or table cell is open: no `]` has closed it
    /// yet. cmark-gfm makes no `www.` or URL link there, since the bracket may yet make a link of
    /// what it holds (`[see https://example.com/b]` is text, where a link would take the `]`).
    /// Once a link is made, the `![` still open no longer count; the `[` do. An escaped bracket,
    /// or one written as an entity, is text. cmark merges the text of brackets that made nothing
    /// with the text around them, so they are found in the text as written.
    struct Brackets {
        /// The brackets open at a point of a paragraph, innermost last. Whether any keeps links
        /// out is counted as they open and close, so that it is known at once however many are
        /// open: a paragraph of 100,000 `[` kept a copy of all those open for each text node,
        /// 12 GB for a 400 KB page.
        struct Stack {
            /// A bracket not yet closed: `![` or `[`, and when it opened.
            struct Opener: Equatable {
                var isImage: Bool
                var sequence: Int
            }

            private(set) var openers: [Opener] = []
            /// How many open `[`, and open `![` that still keep links out.
            private var brackets = 0
            private var images = 0
            /// `![` opened before this one no longer keep links out: a link was made since.
            private var imageCutoff = 0
            private var next = 0

            /// Whether an open bracket keeps links out.
            var keepsLinksOut: Bool { brackets + images > 0 }

            mutating func open(isImage: Bool) {
                openers.append(Opener(isImage: isImage, sequence: next))
                next += 1
                if isImage { images += 1 } else { brackets += 1 }
            }

            /// Closes the innermost bracket. A stack cut to its top (`top(_:)`) knows the counts of
            /// those below but not the brackets: closing past them changes nothing.
            mutating func close() {
                guard let last = openers.popLast() else { return }
                if !last.isImage {
                    brackets -= 1
                } else if last.sequence >= imageCutoff {
                    images -= 1
                }
            }

            /// A link was made: every `![` open now no longer keeps links out; every `[` still does.
            mutating func linkMade() {
                images = 0
                imageCutoff = next
            }

            /// The stack with only its `depth` innermost brackets, and the counts of all: enough
            /// for text that can close at most `depth` of them.
            func top(_ depth: Int) -> Stack {
                var cut = self
                cut.openers = Array(openers.suffix(depth))
                return cut
            }
        }

        private static let brackets = CMarkNode.cStrings("[", "]")

        /// The brackets open where each text node that may hold a link begins, for those where any is.
        private var openAtStart: [OpaquePointer: Stack] = [:]
        /// The links the walk found in each text node that may hold one, read as its own text
        /// ends (`Autolinks.endsSubject`), so that they are not looked for twice.
        private var found: [OpaquePointer: [URLScanner.Match]] = [:]

        init(under root: OpaquePointer, source: SourceText, context: ExtensionContext) {
            var open = Stack()
            let blocks = CMARK_NODE_FIRST_BLOCK.rawValue...CMARK_NODE_LAST_BLOCK.rawValue
            for node in CMarkNode.descendants(of: root) {
                let type = cmark_node_get_type(node)
                if type == CMARK_NODE_LINK, !Self.isAutolink(node) { open.linkMade() }
                guard type == CMARK_NODE_TEXT else {
                    if blocks.contains(type.rawValue) { open = Stack() }
                    continue
                }
                // A bracket inside a link that cmark-gfm takes is part of the link.
                let findsLinks = CMarkNode.literal(node, containsAnyOf: CMarkNode.linkStarts)
                if findsLinks, open.keepsLinksOut {
                    // The text read as written closes at most as many as its literal holds `]`.
                    let closers = CMarkNode.literal(node).utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "]") ? 1 : 0) }
                    openAtStart[node] = open.top(closers + 1)
                }
                guard findsLinks || CMarkNode.literal(node, containsAnyOf: Self.brackets),
                    let raw = context.raw(of: node, in: source) ?? Autolinks.smartText(of: node, context)
                else { continue }
                let links = Self.scan(raw, endsSubject: Autolinks.endsSubject(node), brackets: &open, findingLinks: findsLinks)
                if findsLinks { found[node] = links }
            }
        }

        /// The `www.` and URL links in `raw`, the text of `node` as written, where no bracket
        /// keeps them out.
        func links(in node: OpaquePointer, raw: RawText, endsSubject: Bool) -> [URLScanner.Match] {
            if endsSubject == Autolinks.endsSubject(node), let known = found[node] { return known }
            var open = openAtStart[node] ?? Stack()
            return Self.scan(raw, endsSubject: endsSubject, brackets: &open, findingLinks: true)
        }

        /// The links in `raw` (text as written) when `open` are the brackets open where it begins,
        /// which it leaves as they are after it: one pass from its start, as cmark-gfm's parser
        /// makes, where a link takes its bytes whole (a `[` in it opens nothing) and an open
        /// bracket keeps links out. (Changed in place: a copy for each text node cost the square
        /// of the brackets open.)
        static func scan(_ raw: RawText, endsSubject: Bool, brackets open: inout Stack, findingLinks: Bool) -> [URLScanner.Match] {
            let bytes = raw.bytes
            var links: [URLScanner.Match] = []
            var textStart = 0
            var index = 0
            while index < bytes.count {
                if findingLinks, !open.keepsLinksOut,
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
                    open.open(isImage: index > 0 && bytes[index - 1] == UInt8(ascii: "!") && !Self.isEscaped(index - 1, in: bytes))
                case UInt8(ascii: "]"):
                    open.close()
                default: break
                }
                index += 1
            }
            return links
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
