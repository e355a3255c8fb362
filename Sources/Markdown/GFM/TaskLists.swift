import CCMark

/// GFM's task list items: a list item whose line reads `- [ ] ` or `- [x] ` (the marker at the
/// start of the line, as cmark-gfm requires) starts with a disabled checkbox, named by the item's
/// text for assistive technology.
enum TaskLists {
    /// Marks what `finish` turns into the `<li>` of a loose item: cmark would start a line there.
    static let looseMarker = "\u{1}"
    /// Marks the end of a loose item's checkbox when nothing follows it: cmark's line ends there.
    static let aloneMarker = "\u{2}"

    static func apply(under root: OpaquePointer, source: SourceText, context: ExtensionContext) {
        for item in CMarkNode.descendants(of: root, ofType: CMARK_NODE_ITEM) {
            // An item parsed again (in a footnote's note, say) is read on the line it was written
            // on, with whatever goes before it there: `[^1]: - [ ] a` starts no task, as in cmark-gfm.
            let adopted = context.isAdopted(item)
            guard let number = adopted ? context.inlinePosition(of: item)?.line : Int(cmark_node_get_start_line(item)) else { continue }
            let line = source.line(number)
            guard isTaskLine(line), let paragraph = cmark_node_first_child(item),
                cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
                context.isAdopted(paragraph) || cmark_node_get_start_line(paragraph) == cmark_node_get_start_line(item),
                let text = cmark_node_first_child(paragraph), cmark_node_get_type(text) == CMARK_NODE_TEXT
            else { continue }
            // Bytes, as cmark-gfm reads them: a blank and a combining mark after it are one character.
            let literal = Array(CMarkNode.literal(text).utf8)
            guard ["[ ]", "[x]", "[X]"].contains(where: { literal.starts(with: $0.utf8) }) else { continue }
            let rest = literal.dropFirst(3).drop { $0 == 0x20 || $0 == 0x09 }
            if rest.isEmpty {
                var lineEnds = false
                if let next = cmark_node_next(text),
                    cmark_node_get_type(next) == CMARK_NODE_SOFTBREAK || cmark_node_get_type(next) == CMARK_NODE_LINEBREAK
                {
                    context.free(next)
                    lineEnds = true
                }
                context.free(text)
                if lineEnds, !adopted { moveLazyRest(of: paragraph, in: item, source: source) }
            } else {
                cmark_node_set_literal(text, String(decoding: rest, as: UTF8.self))
            }
            let bytes = Array(line)
            let checked = bytes.indices.contains { index in
                index + 2 < bytes.count && bytes[index] == UInt8(ascii: "[") && bytes[index + 2] == UInt8(ascii: "]")
                    && (bytes[index + 1] == UInt8(ascii: "x") || bytes[index + 1] == UInt8(ascii: "X"))
            }
            // The box's name is its line's text, else the item's (its nested list); a box with no
            // text anywhere says nothing a reader could use, and is hidden rather than unnamed.
            let own = plainText(of: paragraph).trimmingCharacters
            let name = own.isEmpty ? nestedText(of: item) : own
            var input = "<input type=\"checkbox\"\(checked ? " checked=\"\"" : "") disabled=\"\""
            input += name.isEmpty ? " aria-hidden=\"true\"" : " aria-label=\"\(Markdown.escapedAttribute(name))\""
            input += " /> "
            let tight = cmark_node_parent(item).map { cmark_node_get_list_tight($0) != 0 } ?? true
            if tight, let box = CMarkNode.custom(CMARK_NODE_CUSTOM_INLINE, enter: input, exit: "") {
                cmark_node_prepend_child(paragraph, box)
            } else if !tight {
                if cmark_node_first_child(paragraph) == nil { context.free(paragraph) }
                let alone = cmark_node_first_child(item) == nil
                if let box = CMarkNode.custom(CMARK_NODE_CUSTOM_BLOCK, enter: looseMarker + input + (alone ? aloneMarker : ""), exit: "") {
                    cmark_node_prepend_child(item, box)
                    context.marksLooseTaskItems = true
                }
            }
        }
    }

    /// When nothing follows the checkbox on its line, the next line is no lazy continuation for
    /// cmark-gfm (no paragraph is open): a line not indented into the item is a paragraph after the list.
    private static func moveLazyRest(of paragraph: OpaquePointer, in item: OpaquePointer, source: SourceText) {
        let next = Int(cmark_node_get_start_line(paragraph)) + 1
        guard BlockContainers(around: paragraph, source: source).line(next).lazyDepth != nil,
            cmark_node_next(item) == nil, let list = cmark_node_parent(item),
            let moved = cmark_node_new(CMARK_NODE_PARAGRAPH)
        else { return }
        CMarkNode.moveChildren(of: paragraph, to: moved)
        cmark_node_insert_after(list, moved)
    }

    /// cmark's HTML with each loose task item's checkbox moved up to its `<li>`, as cmark-gfm writes it.
    static func finish(_ html: String) -> String {
        return html.replacingOccurrences(of: "\n" + looseMarker, with: "").replacingOccurrences(of: aloneMarker + "\n", with: "")
    }

    /// `blank* (- | + | * | digits . | digits )) blank+ [ |x|X] blank+`, from the start of the line.
    private static func isTaskLine(_ line: ArraySlice<UInt8>) -> Bool {
        var rest = line.drop { $0 == 0x20 || $0 == 0x09 }
        guard let first = rest.first else { return false }
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "*") {
            rest = rest.dropFirst()
        } else {
            let digits = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            rest = rest.dropFirst(digits.count)
            guard !digits.isEmpty, let marker = rest.first, marker == UInt8(ascii: ".") || marker == UInt8(ascii: ")") else { return false }
            rest = rest.dropFirst()
        }
        let blanks = rest.prefix { $0 == 0x20 || $0 == 0x09 }
        rest = rest.dropFirst(blanks.count)
        guard !blanks.isEmpty, rest.count >= 4 else { return false }
        let box = Array(rest.prefix(4))
        return box[0] == UInt8(ascii: "[") && " xX".utf8.contains(box[1]) && box[2] == UInt8(ascii: "]")
            && (box[3] == 0x20 || box[3] == 0x09)
    }

    /// The text of the paragraphs under `item` (its nested lists), each without the task box
    /// it may start with (not yet made into a box when the outer item is named), one space apart.
    private static func nestedText(of item: OpaquePointer) -> String {
        CMarkNode.descendants(of: item).filter { cmark_node_get_type($0) == CMARK_NODE_PARAGRAPH }.map { paragraph in
            var text = Substring(plainText(of: paragraph).trimmingCharacters)
            if text.count >= 3, text.hasPrefix("["), text.dropFirst(2).hasPrefix("]"), " xX".contains(text.dropFirst().first ?? "-") {
                text = text.dropFirst(3)
            }
            return String(text).trimmingCharacters
        }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    private static func plainText(of node: OpaquePointer) -> String {
        var text = ""
        for child in CMarkNode.descendants(of: node) where child != node {
            let type = cmark_node_get_type(child)
            if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE {
                text += CMarkNode.literal(child)
            } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                text += " "
            }
        }
        return text
    }
}

private extension String {
    /// The string without the whitespace characters that start and end it. Found from both ends
    /// in place: reversing twice went through generic collections a character at a time.
    var trimmingCharacters: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
