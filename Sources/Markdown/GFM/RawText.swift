import CCMark

/// A text node's source as written (backslash escapes and entity references still in it), and the
/// characters around it, where the extensions that cmark-gfm runs while parsing inlines look.
struct RawText {
    var bytes: [UInt8]
    /// The character written just before the text, nil at the start of a line.
    var before: Unicode.Scalar?
    /// The character written just after the text, nil at the end of a line.
    var after: Unicode.Scalar?
    /// Where `bytes` start in the source they were found in; nil for text a pass made.
    var offset: Int?

    /// `node`'s source, found by its position and checked against its literal; nil when the
    /// source does not read as the literal.
    init?(of node: OpaquePointer, in source: SourceText, decoder: inout EntityDecoder) {
        let number = Int(cmark_node_get_start_line(node))
        let start = Int(cmark_node_get_start_column(node)) - 1
        let end = Int(cmark_node_get_end_column(node))
        // After a hard break, or a code span or HTML over two lines, cmark places the paragraph's
        // later text on the line before, at columns that go on past its end as if the lines were
        // one: they are carried over to the lines they are on, first, since the same text may
        // well be found near the end of the line before too.
        var (line, from, to) = (number, start, end)
        while line < source.lineRanges.count, from >= source.line(line).count {
            let width = source.line(line).count + 1
            (line, from, to) = (line + 1, from - width, to - width)
        }
        if line != number, let found = Self.find(node, line: source.line(line), start: from, end: to, decoder: &decoder) {
            self = found
            return
        }
        // A paragraph that began with link reference definitions numbers its inlines' lines from
        // its own first line, the definitions' lines included.
        for later in 0...12 where number + later <= source.lineRanges.count {
            if let found = Self.find(node, line: source.line(number + later), start: start, end: end, decoder: &decoder) {
                self = found
                return
            }
        }
        return nil
    }

    private static func find(_ node: OpaquePointer, line: ArraySlice<UInt8>, start: Int, end: Int, decoder: inout EntityDecoder) -> RawText? {
        let literal = Array(CMarkNode.literal(node).utf8)
        guard start >= 0, end >= start else { return nil }
        // cmark's columns can be off by the blanks it skipped on a continuation line, either way;
        // text that merged with an unmatched backtick run before it starts one column late.
        for shift in [0, 1, 2, 3, 4, -1, -2, -3, -4, 5, 6, 7, 8, -5, -6, -7, -8] {
            for endShift in shift == 0 ? [0] : [shift, 0] {
                let lower = line.startIndex + start + shift
                // An end column can count the line's end.
                let upper = min(line.startIndex + end + endShift, line.endIndex)
                guard lower >= line.startIndex, upper >= lower else { continue }
                var raw = Array(line[lower..<upper])
                var rawEnd = upper
                // cmark's end column may count the blanks it took off the end of a line, and, for
                // text that ends with what is left of a delimiter run (`(_` of `(__text_`), the
                // delimiters emphasis took after it.
                while decoder.decode(raw) != literal, let last = raw.last,
                    last == 0x20 || last == 0x09 || last == UInt8(ascii: "*") || last == UInt8(ascii: "_")
                {
                    raw.removeLast()
                    rawEnd -= 1
                }
                guard decoder.decode(raw) == literal else { continue }
                return RawText(
                    bytes: raw, before: opensLine(node) ? nil : scalar(endingAt: lower, in: line),
                    after: closesLine(node) ? nil : scalar(startingAt: rawEnd, in: line), offset: lower)
            }
        }
        return nil
    }

    init(bytes: [UInt8], before: Unicode.Scalar?, after: Unicode.Scalar?, offset: Int? = nil) {
        self.bytes = bytes
        self.before = before
        self.after = after
        self.offset = offset
    }

    private static func opensLine(_ node: OpaquePointer) -> Bool {
        guard let previous = cmark_node_previous(node) else { return isBlock(cmark_node_parent(node)) }
        let type = cmark_node_get_type(previous)
        return type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK
    }

    private static func closesLine(_ node: OpaquePointer) -> Bool {
        guard let next = cmark_node_next(node) else { return isBlock(cmark_node_parent(node)) }
        let type = cmark_node_get_type(next)
        return type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK
    }

    private static func isBlock(_ node: OpaquePointer?) -> Bool {
        guard let node else { return true }
        let type = cmark_node_get_type(node)
        return type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING
    }

    static func scalar(endingAt index: Int, in bytes: ArraySlice<UInt8>) -> Unicode.Scalar? {
        guard index > bytes.startIndex else { return nil }
        var start = index - 1
        while start > bytes.startIndex, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars.first
    }

    static func scalar(startingAt index: Int, in bytes: ArraySlice<UInt8>) -> Unicode.Scalar? {
        guard index < bytes.endIndex else { return nil }
        var end = index + 1
        while end < bytes.endIndex, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self).unicodeScalars.first
    }
}

/// Reads source text as cmark reads text: backslash escapes and entity references (looked up by
/// cmark itself, and remembered).
struct EntityDecoder {
    private var entities: [[UInt8]: [UInt8]] = [:]
    let flags: Int32

    init(flags: Int32) {
        self.flags = flags
    }

    mutating func decode(_ raw: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let (read, end) = unit(of: raw, at: index)
            switch read {
            case .byte(let byte): result.append(byte)
            case .reference(let bytes): result += bytes
            }
            index = end
        }
        return result
    }

    /// Where, in `raw`, the escape, reference or byte that makes byte `offset` of its decoding
    /// starts (the end of `raw` past its decoding's end).
    mutating func rawOffset(ofDecoded offset: Int, in raw: [UInt8]) -> Int {
        var (index, made) = (0, 0)
        while index < raw.count {
            let (read, end) = unit(of: raw, at: index)
            let count: Int
            switch read {
            case .byte: count = 1
            case .reference(let bytes): count = bytes.count
            }
            if made + count > offset { return index }
            (index, made) = (end, made + count)
        }
        return index
    }

    /// What a piece of source reads as: a byte (itself, or a backslash escape's character), or an
    /// entity reference's text.
    private enum Unit {
        case byte(UInt8)
        case reference([UInt8])
    }

    /// The piece of `raw` that starts at `index`, read, and where it ends.
    private mutating func unit(of raw: [UInt8], at index: Int) -> (Unit, end: Int) {
        let byte = raw[index]
        if byte == UInt8(ascii: "\\"), index + 1 < raw.count, raw[index + 1].isASCIIPunctuation {
            return (.byte(raw[index + 1]), index + 2)
        }
        if byte == UInt8(ascii: "&"), let end = Self.entityEnd(raw, index) {
            return (.reference(entity(Array(raw[index..<end]))), end)
        }
        return (.byte(byte), index + 1)
    }

    /// The end of an entity-reference-shaped `&...;` at `start`.
    static func entityEnd(_ raw: [UInt8], _ start: Int) -> Int? {
        var index = start + 1
        while index < raw.count, index - start <= 33, raw[index] != UInt8(ascii: ";") {
            let byte = raw[index]
            guard byte == UInt8(ascii: "#") || (byte < 0x80 && (Character(Unicode.Scalar(byte)).isLetter || Character(Unicode.Scalar(byte)).isNumber)) else {
                return nil
            }
            index += 1
        }
        guard index < raw.count, raw[index] == UInt8(ascii: ";"), index > start + 1 else { return nil }
        return index + 1
    }

    private mutating func entity(_ reference: [UInt8]) -> [UInt8] {
        if let known = entities[reference] { return known }
        var decoded = reference
        if let root = CMarkNode.parse(reference, flags: flags) {
            if let paragraph = cmark_node_first_child(root), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH {
                decoded = CMarkNode.children(paragraph).flatMap { Array(CMarkNode.literal($0).utf8) }
            }
            cmark_node_free(root)
        }
        entities[reference] = decoded
        return decoded
    }
}

extension UInt8 {
    var isASCIIPunctuation: Bool {
        (0x21...0x2F).contains(self) || (0x3A...0x40).contains(self) || (0x5B...0x60).contains(self) || (0x7B...0x7E).contains(self)
    }
}

extension Optional where Wrapped == Unicode.Scalar {
    /// Whitespace as cmark's delimiter rules read it; the start or end of a line counts.
    var isFlankingSpace: Bool {
        guard let scalar = self else { return true }
        return scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}" || scalar.properties.generalCategory == .spaceSeparator
    }

    var isFlankingPunctuation: Bool {
        guard let scalar = self else { return false }
        if scalar.isASCII { return UInt8(scalar.value).isASCIIPunctuation }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .closePunctuation, .finalPunctuation, .initialPunctuation,
            .otherPunctuation, .openPunctuation:
            return true
        default:
            return false
        }
    }
}
