import CCMark

/// GFM's strikethrough: `~text~` and `~~text~~` become `<del>`, paired by the rules cmark-gfm
/// pairs `*` by (flanking, the rule of three), among the inlines of one parent; escaped tildes and
/// runs of three or more stay text.
enum Strikethrough {
    /// What a paragraph's children become, with where each run of text and tildes was written
    /// (line, byte column), when that is known.
    private enum Piece {
        case node(OpaquePointer)
        case text(raw: [UInt8], at: (line: Int, column: Int)?)
        case run(Int, at: (line: Int, column: Int)?)
    }

    private struct Delimiter {
        var piece: Int
        var length: Int
        var canOpen: Bool
        var canClose: Bool
        var active = true
    }

    private static let tildes = CMarkNode.cStrings("~")

    static func apply(under root: OpaquePointer, source: SourceText, context: ExtensionContext) {
        let containers: Set<UInt32> = [
            CMARK_NODE_PARAGRAPH.rawValue, CMARK_NODE_HEADING.rawValue, CMARK_NODE_EMPH.rawValue,
            CMARK_NODE_STRONG.rawValue, CMARK_NODE_LINK.rawValue, CMARK_NODE_IMAGE.rawValue,
        ]
        // An address an autolink took is the link's text as written: its tildes pair with nothing.
        for node in CMarkNode.descendants(of: root) where containers.contains(cmark_node_get_type(node).rawValue) && !context.isAutolink(node) {
            let children = CMarkNode.children(node)
            guard children.contains(where: { cmark_node_get_type($0) == CMARK_NODE_TEXT && CMarkNode.literal($0, containsAnyOf: Self.tildes) }) else {
                continue
            }
            rebuild(node, children: children, source: source, context: context)
        }
    }

    private static func rebuild(_ parent: OpaquePointer, children: [OpaquePointer], source: SourceText, context: ExtensionContext) {
        var pieces: [Piece] = []
        var delimiters: [Delimiter] = []
        for child in children {
            guard cmark_node_get_type(child) == CMARK_NODE_TEXT else {
                pieces.append(.node(child))
                continue
            }
            let written = context.raw(of: child, in: source)
            let raw = written ?? RawText(bytes: Array(CMarkNode.literal(child).utf8), before: nil, after: nil)
            let start = written == nil ? nil : context.writtenPosition(ofText: child, raw: written, in: source)
            func at(_ index: Int) -> (line: Int, column: Int)? { start.map { ($0.line, $0.column + index) } }
            let bytes = raw.bytes
            var index = 0
            var textStart = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1].isASCIIPunctuation {
                    index += 2
                } else if bytes[index] == UInt8(ascii: "~") {
                    var end = index
                    while end < bytes.count, bytes[end] == UInt8(ascii: "~") { end += 1 }
                    if end - index <= 2 {
                        if textStart < index { pieces.append(.text(raw: Array(bytes[textStart..<index]), at: at(textStart))) }
                        let before = index == 0 ? raw.before : RawText.scalar(endingAt: index, in: bytes[...])
                        let after = end == bytes.count ? raw.after : RawText.scalar(startingAt: end, in: bytes[...])
                        let left = !after.isFlankingSpace && (!after.isFlankingPunctuation || before.isFlankingSpace || before.isFlankingPunctuation)
                        let right = !before.isFlankingSpace && (!before.isFlankingPunctuation || after.isFlankingSpace || after.isFlankingPunctuation)
                        delimiters.append(Delimiter(piece: pieces.count, length: end - index, canOpen: left, canClose: right))
                        pieces.append(.run(end - index, at: at(index)))
                        textStart = end
                    }
                    index = end
                } else {
                    index += 1
                }
            }
            if textStart < bytes.count { pieces.append(.text(raw: Array(bytes[textStart...]), at: at(textStart))) }
        }
        let pairs = match(&delimiters)
        guard !pairs.isEmpty else { return }
        var closers: [Int: Int] = [:]
        for (opener, closer) in pairs { closers[delimiters[opener].piece] = delimiters[closer].piece }

        for child in children { cmark_node_unlink(child) }
        var stack: [(node: OpaquePointer, closer: Int)] = [(parent, -1)]
        var pendingText: [UInt8] = []
        var pendingStart: (line: Int, column: Int)?
        func pend(_ bytes: [UInt8], at position: (line: Int, column: Int)?) {
            if pendingText.isEmpty { pendingStart = position }
            pendingText += bytes
        }
        func flush() {
            guard !pendingText.isEmpty, let top = stack.last,
                let text = context.text(RawText(bytes: pendingText, before: nil, after: nil), at: pendingStart)
            else { return }
            cmark_node_append_child(top.node, text)
            pendingText = []
        }
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .node(let node):
                flush()
                if let top = stack.last { cmark_node_append_child(top.node, node) }
            case .text(let raw, let position):
                pend(raw, at: position)
            case .run(let length, let position):
                if let closer = closers[index], let del = CMarkNode.custom(CMARK_NODE_CUSTOM_INLINE, enter: "<del>", exit: "</del>") {
                    flush()
                    if let top = stack.last { cmark_node_append_child(top.node, del) }
                    stack.append((del, closer))
                } else if let top = stack.last, top.closer == index {
                    flush()
                    stack.removeLast()
                } else {
                    pend(Array(repeating: UInt8(ascii: "~"), count: length), at: position)
                }
            }
        }
        flush()
        // The text children are written anew above; the other children were moved.
        for child in children where cmark_node_get_type(child) == CMARK_NODE_TEXT { context.free(child) }
    }

    /// cmark-gfm's pairing of delimiter runs: each closer with the nearest opener it may close; a
    /// closer of another length than that opener is text, and so are the runs between a pair.
    private static func match(_ delimiters: inout [Delimiter]) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        var openersBottom: [Int: Int] = [:]
        for index in delimiters.indices {
            let closer = delimiters[index]
            guard closer.active, closer.canClose else { continue }
            var candidate = index - 1
            var found: Int?
            let bottom = openersBottom[closer.length % 3] ?? -1
            while candidate > bottom {
                let opener = delimiters[candidate]
                if opener.active, opener.canOpen,
                    !(closer.canOpen || opener.canClose) || closer.length % 3 == 0 || (opener.length + closer.length) % 3 != 0
                {
                    found = candidate
                    break
                }
                candidate -= 1
            }
            if let opener = found, delimiters[opener].length == closer.length {
                pairs.append((opener, index))
                for between in opener...index { delimiters[between].active = false }
            } else if let opener = found {
                for between in (opener + 1)...index { delimiters[between].active = false }
            } else {
                openersBottom[closer.length % 3] = index - 1
                if !closer.canOpen { delimiters[index].active = false }
            }
        }
        return pairs
    }
}
