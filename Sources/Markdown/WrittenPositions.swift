import CCMark

/// Where the nodes of a body's tree were written in it (line, byte column), for the diagnostics
/// about them: as a pass recorded it, else as cmark did, with cmark's misplaced links and images
/// found again.
struct WrittenPositions {
    /// The body as written, and its lines, found when first needed.
    private let bytes: [UInt8]
    private var lines: SourceText?
    let context: ExtensionContext?
    /// Reads text as cmark does, where there is no extension context's to use.
    private var decoder: EntityDecoder

    /// `lines` are those of `bytes`, where they were found already.
    init(bytes: [UInt8], lines: SourceText?, context: ExtensionContext?, flags: Int32) {
        self.bytes = bytes
        self.lines = lines
        self.context = context
        decoder = EntityDecoder(flags: flags)
    }

    private var source: SourceText {
        mutating get {
            if let lines { return lines }
            let found = SourceText(bytes)
            lines = found
            return found
        }
    }

    /// Where `node` was written: as a pass recorded it (for a node moved in from text parsed
    /// again, a footnote's, or an autolink), else as cmark did. A node made by a pass with no
    /// record of its own (an address cmark-gfm takes as a relative link in text it changed) is
    /// placed where its nearest placed ancestor was written, never before the body.
    func of(_ node: OpaquePointer) -> (line: Int, column: Int) {
        var current: OpaquePointer? = node
        while let candidate = current {
            if let known = context?.inlinePosition(of: candidate) { return known }
            let line = Int(cmark_node_get_start_line(candidate))
            if line > 0, context?.isAdopted(candidate) != true { return (line, max(1, Int(cmark_node_get_start_column(candidate)))) }
            current = cmark_node_parent(candidate)
        }
        return (1, 1)
    }

    /// Where a link or an image starts: its `[`, or `![` (`marker`). cmark places some wrongly:
    /// one whose text runs over lines at its first line's column on its last line; one on a
    /// lazy continuation line past the prefix of the quote or list it continues; one after a
    /// backslash hard break, or after a code span or HTML over two lines, on the line before.
    /// Where cmark's place does not hold the marker, the marker just before the node's first
    /// text (whose source is found by matching it), past any delimiters and blanks, is taken.
    /// An autolink's place is its text's (`Autolinks`); an angle one's (`<https://…>`) cmark's.
    mutating func ofLink(_ node: OpaquePointer, marker: StaticString) -> (line: Int, column: Int) {
        let position = of(node)
        if context?.isAutolink(node) == true { return position }
        let marker = UnsafeBufferPointer(start: marker.utf8Start, count: marker.utf8CodeUnitCount)
        if position.column >= 1, source.line(position.line).dropFirst(position.column - 1).starts(with: marker) { return position }
        guard let text = Self.firstText(under: node), let start = textStart(text) else { return position }
        let line = source.line(start.line)
        // What may stand between a `[` and the text: emphasis and strikethrough, blanks, and the
        // `[` of an image's `![`.
        let between: Set<UInt8> = marker.count == 2 ? [0x20, 0x09, 0x2A, 0x5F, 0x7E, 0x5B] : [0x20, 0x09, 0x2A, 0x5F, 0x7E]
        var index = line.startIndex + min(start.column - 1, line.count)
        while index > line.startIndex {
            index -= 1
            if line[index...].starts(with: marker) { return (start.line, index - line.startIndex + 1) }
            guard between.contains(line[index]) else { break }
        }
        return position
    }

    /// Where raw HTML (`node`, whose literal is as written) starts. cmark places inline HTML as
    /// it places links (`ofLink`), but for text over lines: where its place does not hold the
    /// first line of the HTML, a place past its line's end is carried over to the lines after,
    /// and the HTML nearest to it on its line is taken.
    mutating func ofVerbatim(_ node: OpaquePointer, literal: [UInt8]) -> (line: Int, column: Int) {
        let position = of(node)
        let firstLine = literal.prefix { $0 != 0x0A && $0 != 0x0D }
        guard cmark_node_get_type(node) == CMARK_NODE_HTML_INLINE, !firstLine.isEmpty, context?.isAdopted(node) != true else { return position }
        let source = source
        var (number, index) = (position.line, position.column - 1)
        if index >= 0, source.line(number).dropFirst(index).starts(with: firstLine) { return position }
        while number < source.lineRanges.count, index >= source.line(number).count {
            (number, index) = (number + 1, index - source.line(number).count - 1)
        }
        let line = source.line(number)
        let found = line.indices.filter { line[$0...].starts(with: firstLine) }
        guard let nearest = found.min(by: { abs($0 - line.startIndex - index) < abs($1 - line.startIndex - index) }) else { return position }
        return (number, nearest - line.startIndex + 1)
    }

    /// Where the text `node` starts, found by matching it with the source.
    private mutating func textStart(_ node: OpaquePointer) -> (line: Int, column: Int)? {
        let source = source
        if let context { return context.writtenPosition(ofText: node, raw: context.raw(of: node, in: source), in: source) }
        return RawText(of: node, in: source, decoder: &decoder)?.offset.flatMap(source.position)
    }

    private static func firstText(under node: OpaquePointer) -> OpaquePointer? {
        guard let iterator = cmark_iter_new(node) else { return nil }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { return nil }
            if event == CMARK_EVENT_ENTER, let found = cmark_iter_get_node(iterator), cmark_node_get_type(found) == CMARK_NODE_TEXT { return found }
        }
    }
}
