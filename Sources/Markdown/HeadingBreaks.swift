import CCMark

/// Places where a long identifier in a heading may wrap, marked `<wbr>` on cmark's tree: between a
/// lowercase letter and a capital (`Data<wbr>Source`), before the capital that starts a word
/// after an acronym (`UI<wbr>Page`), around a run of digits (`UTF<wbr>8<wbr>String`), after `.`,
/// `_`, `/` and `::` when a letter or digit follows, and before `(`. Only in words of at least `minimumLength` characters, so that ordinary words never
/// change; the theme wraps headings only between words and at these marks.
enum HeadingBreaks {
    static let minimumLength = 16

    /// Marks the text and code spans of every heading under `root` (not an image's description,
    /// which is an attribute).
    static func apply(under root: OpaquePointer) {
        for heading in CMarkNode.descendants(of: root, ofType: CMARK_NODE_HEADING) {
            for node in CMarkNode.descendants(of: heading) where !CMarkNode.isInside(node, [CMARK_NODE_IMAGE.rawValue]) {
                let type = cmark_node_get_type(node)
                guard type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE else { continue }
                let pieces = split(CMarkNode.literal(node))
                guard pieces.count > 1 else { continue }
                if type == CMARK_NODE_TEXT {
                    for piece in marked(pieces) { cmark_node_insert_before(node, piece) }
                } else if let code = CMarkNode.custom(CMARK_NODE_CUSTOM_INLINE, enter: "<code>", exit: "</code>") {
                    for piece in marked(pieces) { cmark_node_append_child(code, piece) }
                    cmark_node_insert_before(node, code)
                }
                cmark_node_unlink(node)
                cmark_node_free(node)
            }
        }
    }

    /// `text` cut at every break point of its long words; one piece when it has none.
    static func split(_ text: String) -> [String] {
        // A word of `minimumLength` characters has at least as many bytes without an ASCII blank:
        // text with no such run (most headings) has nothing to mark, told without a Character.
        var run = 0
        var longest = 0
        for byte in text.utf8 {
            run = byte == 0x20 || (0x09...0x0D).contains(byte) ? 0 : run + 1
            longest = max(longest, run)
        }
        guard longest >= minimumLength else { return [text] }
        var pieces: [String] = []
        var current = ""
        for word in words(of: text) {
            let characters = Array(word)
            guard characters.count >= minimumLength, !characters.contains(where: \.isWhitespace) else {
                current += word
                continue
            }
            for (index, character) in characters.enumerated() {
                if index > 0, breaks(before: index, in: characters) {
                    pieces.append(current)
                    current = ""
                }
                current.append(character)
            }
        }
        pieces.append(current)
        return pieces
    }

    /// Whether a line may break between `characters[index - 1]` and `characters[index]`.
    private static func breaks(before index: Int, in characters: [Character]) -> Bool {
        let previous = characters[index - 1]
        let character = characters[index]
        let next = index + 1 < characters.count ? characters[index + 1] : nil
        if character == "(" { return true }
        let startsWord = character.isLetter || character.isNumber
        if previous == "." || previous == "_" || previous == "/" { return startsWord }
        if previous == ":", index >= 2, characters[index - 2] == ":" { return startsWord }
        if previous.isLowercase, character.isUppercase { return true }
        if previous.isUppercase, character.isUppercase, next?.isLowercase == true { return true }
        if previous.isNumber, previous.isASCII, character.isUppercase { return true }
        return previous.isLetter && character.isNumber && character.isASCII
    }

    /// Runs of spaces and runs of everything else, in order.
    private static func words(of text: String) -> [Substring] {
        var result: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if next < text.endIndex, text[index].isWhitespace != text[next].isWhitespace {
                result.append(text[start..<next])
                start = next
            }
            index = next
        }
        if start < text.endIndex { result.append(text[start...]) }
        return result
    }

    /// The pieces as text nodes with a `<wbr>` between each two.
    private static func marked(_ pieces: [String]) -> [OpaquePointer] {
        var nodes: [OpaquePointer] = []
        for (index, piece) in pieces.enumerated() {
            if index > 0, let mark = CMarkNode.custom(CMARK_NODE_CUSTOM_INLINE, enter: "<wbr>", exit: "") { nodes.append(mark) }
            if !piece.isEmpty, let text = CMarkNode.text(piece) { nodes.append(text) }
        }
        return nodes
    }
}
