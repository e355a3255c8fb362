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
    /// - one whose text runs over lines on its last line, at its first line's column: it is as
    ///   many lines up as it holds line breaks;
    /// - what follows a backslash hard break, or a code span or HTML over two lines, on the line
    ///   before, at columns that run on past its end: they are carried over to the line it is on;
    /// - one on a lazy continuation line past the prefix of the quote or list it continues: the
    ///   marker just before its first text (whose source is found by matching it), past any
    ///   delimiters and blanks, is taken; with no such text, the marker a few bytes before.
    /// An autolink's place is its text's (`Autolinks`); an angle one's (`<https://…>`) cmark's.
    mutating func ofLink(_ node: OpaquePointer, marker: StaticString) -> (line: Int, column: Int) {
        let position = of(node)
        if context?.isAutolink(node) == true { return position }
        let marker = UnsafeBufferPointer(start: marker.utf8Start, count: marker.utf8CodeUnitCount)
        let source = source
        let carried = Self.carriedOver(position, in: source)
        let breaks = Self.lineBreaks(under: node)
        var places = [position]
        if breaks > 0, position.line > breaks { places.insert((position.line - breaks, position.column), at: 0) }
        if carried != position { places.append(carried) }
        // A link's `[` is never just after a `!`: that `[` is an image's, inside the link.
        func holdsMarker(_ place: (line: Int, column: Int)) -> Bool {
            let line = source.line(place.line)
            guard place.column >= 1, line.dropFirst(place.column - 1).starts(with: marker) else { return false }
            return marker.count == 2 || place.column == 1 || line[line.startIndex + place.column - 2] != UInt8(ascii: "!")
        }
        for place in places where holdsMarker(place) { return place }
        if let text = Self.firstText(under: node), let start = textStart(text) {
            // What may stand between a `[` and the text: emphasis and strikethrough, blanks, and
            // the `![` of an image the link's text starts with (or, for an image, its `[`).
            let between: Set<UInt8> = [0x20, 0x09, 0x2A, 0x5F, 0x7E, 0x5B, 0x21]
            if let found = Self.marker(marker, before: start, in: source, passing: { between.contains($0) }) { return found }
        }
        // A column carried over is short of the prefixes of the quote or list on the lines it
        // passed (cmark counts their content only): the marker is a few bytes after it. One on a
        // lazy line is past the prefix of what it continues: the marker is a few bytes before.
        if carried.line != position.line, let found = Self.marker(marker, after: carried, in: source, within: 16) { return found }
        for place in places {
            if let found = Self.marker(marker, before: (place.line, place.column + 1), in: source, passing: { _ in true }, within: 16) { return found }
        }
        return carried
    }

    /// The nearest `marker` that starts at or after `position` on its line, within `within` bytes.
    private static func marker(
        _ marker: UnsafeBufferPointer<UInt8>, after position: (line: Int, column: Int), in source: SourceText, within: Int
    ) -> (line: Int, column: Int)? {
        let line = source.line(position.line)
        guard position.column >= 1 else { return nil }
        let start = line.startIndex + position.column - 1
        for index in start..<min(line.endIndex, start + within + 1) where line[index...].starts(with: marker) {
            return (position.line, index - line.startIndex + 1)
        }
        return nil
    }

    /// `position` carried over to the line it is on, where its column runs on past its line's end
    /// (never past the paragraph's end, a blank line).
    private static func carriedOver(_ position: (line: Int, column: Int), in source: SourceText) -> (line: Int, column: Int) {
        var (line, index) = (position.line, position.column - 1)
        while line < source.lineRanges.count, index >= source.line(line).count {
            (line, index) = (line + 1, index - source.line(line).count - 1)
            if source.line(line).allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return position }
        }
        return index >= 0 ? (line, index + 1) : position
    }

    /// How many soft and hard line breaks `node` holds.
    private static func lineBreaks(under node: OpaquePointer) -> Int {
        guard let iterator = cmark_iter_new(node) else { return 0 }
        defer { cmark_iter_free(iterator) }
        var count = 0
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { return count }
            guard event == CMARK_EVENT_ENTER, let found = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(found)
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK { count += 1 }
        }
    }

    /// The nearest `marker` that starts before `position` on its line, passing only bytes that
    /// `passing` allows and at most `within` of them.
    private static func marker(
        _ marker: UnsafeBufferPointer<UInt8>, before position: (line: Int, column: Int), in source: SourceText,
        passing: (UInt8) -> Bool, within: Int = .max
    ) -> (line: Int, column: Int)? {
        let line = source.line(position.line)
        guard position.column >= 1 else { return nil }
        var index = line.startIndex + min(position.column - 1, line.count)
        var passed = 0
        while index > line.startIndex, passed <= within {
            index -= 1
            // A `[` just after a `!` is an image's, not a link's.
            let isImages = marker.count == 1 && index > line.startIndex && line[index - 1] == UInt8(ascii: "!")
            if line[index...].starts(with: marker), !isImages { return (position.line, index - line.startIndex + 1) }
            guard passing(line[index]) else { return nil }
            passed += 1
        }
        return nil
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
        let carried = Self.carriedOver(position, in: source)
        let line = source.line(carried.line)
        let index = carried.column - 1
        if index >= 0, line.dropFirst(index).starts(with: firstLine) { return carried }
        let found = line.indices.filter { line[$0...].starts(with: firstLine) }
        guard let nearest = found.min(by: { abs($0 - line.startIndex - index) < abs($1 - line.startIndex - index) }) else { return carried }
        return (carried.line, nearest - line.startIndex + 1)
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
