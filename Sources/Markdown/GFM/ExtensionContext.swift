import CCMark

/// What the extensions share while they rework one body's tree: the source, the nodes they made
/// from text parsed again (and where in the source that text was), and the tables to render.
final class ExtensionContext {
    let extensions: MarkdownExtensions
    let flags: Int32
    var decoder: EntityDecoder
    /// What the passes know of nodes beyond cmark's own fields (see `NodeFacts`), found from the
    /// node itself: its user data holds its index here. Kept in the node, a fact goes with it
    /// when it is freed, and a node later made at the same address starts with none; the table
    /// keyed by address that this replaces had to be cleared node by node on every free, and
    /// hashed hundreds of thousands of addresses for one large table.
    private var facts: [NodeFacts] = []
    /// The tables made, in order, each with the index of its facts (whose layout a free clears).
    private var tableFacts: [(node: OpaquePointer, facts: Int)] = []
    /// The footnotes by label (case folded); the first definition of a label wins.
    var footnotes: [String: FootnoteDefinition] = [:]
    /// Definitions of a label already defined, which are never shown.
    var footnoteDuplicates: [OpaquePointer] = []
    /// Written into every footnote id, so that the footnotes of pages shown together stay apart.
    var footnotePrefix = ""
    /// The accessible name of a footnote's links back, escaped for an attribute.
    var footnoteBackLabel = MarkdownOptions.englishFootnoteBackLabel
    /// The most HTML the footnote references may make (`MarkdownOptions.maximumFootnoteHTML`), what
    /// they have made so far, and where the first left as written for want of room is.
    var maximumFootnoteHTML = Int.max
    var footnoteHTML = 0
    var footnotesExceeded: MarkdownPosition?
    /// Whether a loose task item's checkbox was marked for `TaskLists.finish` to move up.
    var marksLooseTaskItems = false

    /// The ids of the footnotes that are shown (those referred to) and of every reference to them.
    var footnoteIDs: Set<String> {
        var ids: Set<String> = []
        for definition in footnotes.values where definition.number != nil {
            let label = footnotePrefix + FootnoteLabel.escaped(definition.label)
            ids.insert("fn-" + label)
            ids.insert("fnref-" + label)
            for reference in stride(from: 2, through: definition.references, by: 1) { ids.insert("fnref-\(label)-\(reference)") }
        }
        return ids
    }
    var warnings: [MarkdownWarning] = []
    /// The lines a page's notes may still have read again with the rest of a list or quote they
    /// close (`Footnotes`): each such note reads all that follows it there, so a list of
    /// thousands of items, each with its note, would be read again thousands of times.
    private(set) lazy var rereadBudget = 1_000 + 4 * rootSource.lineRanges.count
    private let rootSource: SourceText
    private var linkDefinitions: LinkDefinitions?
    /// Whether a piece parsed again went without definitions, the budget spent.
    private var warnedOfDefinitions = false
    private let root: OpaquePointer

    init(root: OpaquePointer, source: SourceText, extensions: MarkdownExtensions, flags: Int32) {
        self.root = root
        self.rootSource = source
        self.extensions = extensions
        self.flags = flags
        decoder = EntityDecoder(flags: flags)
    }

    /// Takes `count` lines from `rereadBudget`; false, taking none, when it has fewer.
    func takeRereadLines(_ count: Int) -> Bool {
        guard count <= rereadBudget else { return false }
        rereadBudget -= count
        return true
    }

    /// Whether `node` is in a tree of its own (text parsed again), not yet in the body's.
    func isSubDocument(_ node: OpaquePointer) -> Bool {
        var current: OpaquePointer? = node
        while let parent = current.flatMap({ cmark_node_parent($0) }) { current = parent }
        return current != root
    }

    /// Takes `node` and the nodes under it out of the tree for good; a table among them is no
    /// longer one to finish. Their memory is freed with the context, once every pass is done:
    /// a pass walks a list of nodes taken before it changed anything, and a node freed meanwhile
    /// (a table's paragraph, with its text) was read after it was freed, or taken for a new node
    /// cmark had made at its address.
    func free(_ node: OpaquePointer) {
        // Taken out once: a list made before may name it again.
        guard tag(of: node) & Self.removedBit == 0 else { return }
        setTag(tag(of: node) | Self.removedBit, of: node)
        if !tableFacts.isEmpty {
            for descendant in CMarkNode.descendants(of: node, ofType: CMARK_NODE_CUSTOM_BLOCK) {
                if let index = factIndex(of: descendant) { facts[index].table = nil }
            }
        }
        cmark_node_unlink(node)
        removed.append(node)
    }

    /// The nodes `free` took out, each the root of a tree no other holds.
    private var removed: [OpaquePointer] = []

    deinit {
        removed.forEach { cmark_node_free($0) }
    }

    /// How the text `node` was written, nil when that cannot be told.
    func raw(of node: OpaquePointer, in source: SourceText) -> RawText? {
        if let known = rawText(of: node) { return known }
        return RawText(of: node, in: source, decoder: &decoder)
    }

    /// Whether `node` moved in from text parsed again, so that its position is not in the body's source.
    func isAdopted(_ node: OpaquePointer) -> Bool {
        tag(of: node) & Self.adoptedBit != 0
    }

    /// Marks `nodes` as moved in from text parsed again.
    func markAdopted(_ nodes: [OpaquePointer]) {
        for node in nodes { setTag(tag(of: node) | Self.adoptedBit, of: node) }
    }

    /// The source of a text node whose position is not in the body's source (or that a pass made).
    func rawText(of node: OpaquePointer) -> RawText? {
        factIndex(of: node).flatMap { facts[$0].rawText }
    }

    func setRawText(_ raw: RawText, of node: OpaquePointer) {
        facts[factIndex(making: node)].rawText = raw
    }

    /// A new text node of what `raw` reads as (its escapes and entities decoded), which keeps
    /// `raw` as its source, and `position` as where that was written, when it is known.
    func text(_ raw: RawText, at position: (line: Int, column: Int)? = nil) -> OpaquePointer? {
        guard let made = CMarkNode.text(String(decoding: decoder.decode(raw.bytes), as: UTF8.self)) else { return nil }
        setRawText(raw, of: made)
        if let position { setInlinePosition(position, of: made) }
        return made
    }

    /// Where the text `node`, whose source is `raw` (`raw(of:in:)`), starts in the body (line,
    /// byte column): as a pass recorded it, or where its source was found; nil when that cannot be told.
    func writtenPosition(ofText node: OpaquePointer, raw: RawText?, in source: SourceText) -> (line: Int, column: Int)? {
        if let known = inlinePosition(of: node) { return known }
        guard !isAdopted(node), let offset = raw?.offset else { return nil }
        return source.position(of: offset)
    }

    /// Where an image, a link, a code block, a list item, or text moved in from text parsed again
    /// or made by a pass, sits in the body.
    func inlinePosition(of node: OpaquePointer) -> (line: Int, column: Int)? {
        factIndex(of: node).flatMap { facts[$0].inlinePosition }
    }

    func setInlinePosition(_ position: (line: Int, column: Int), of node: OpaquePointer) {
        facts[factIndex(making: node)].inlinePosition = position
    }

    /// Whether `node` is a link an extended autolink made, whose text cmark-gfm never reads for
    /// delimiters (it takes the whole address while parsing inlines).
    func isAutolink(_ node: OpaquePointer) -> Bool {
        factIndex(of: node).map { facts[$0].isAutolink } ?? false
    }

    func markAutolink(_ node: OpaquePointer) {
        facts[factIndex(making: node)].isAutolink = true
    }

    /// Records `node` as a table's block, with the shape of its rows.
    func addTable(_ node: OpaquePointer, layout: TableLayout) {
        let index = factIndex(making: node)
        facts[index].table = layout
        tableFacts.append((node, index))
    }

    /// Each table still in a tree (none freed since), in the order they were made.
    var tables: [(node: OpaquePointer, layout: TableLayout)] {
        tableFacts.compactMap { table in facts[table.facts].table.map { (table.node, $0) } }
    }

    /// A node's user data, as sitegen uses it: bit 0 says adopted, bit 1 taken out (`free`), the
    /// bits above hold the index of its facts plus one (zero when it has none).
    private func tag(of node: OpaquePointer) -> Int {
        Int(bitPattern: cmark_node_get_user_data(node))
    }

    private func setTag(_ tag: Int, of node: OpaquePointer) {
        cmark_node_set_user_data(node, UnsafeMutableRawPointer(bitPattern: tag))
    }

    private static let adoptedBit = 1
    private static let removedBit = 2
    private static let flagBits = 2

    private func factIndex(of node: OpaquePointer) -> Int? {
        let stored = tag(of: node) >> Self.flagBits
        return stored == 0 ? nil : stored - 1
    }

    private func factIndex(making node: OpaquePointer) -> Int {
        if let index = factIndex(of: node) { return index }
        facts.append(NodeFacts())
        setTag((facts.count << Self.flagBits) | (tag(of: node) & ((1 << Self.flagBits) - 1)), of: node)
        return facts.count - 1
    }

    /// The body's link reference definitions that `lines` (text parsed again on its own) may
    /// name, as source lines, so that `[label]` there resolves as in the body. Past a budget
    /// (16 times the body, and 4 MiB), none: the links stay text, with one warning.
    func definitions(for lines: [SubDocument.Line]) -> [UInt8] {
        if linkDefinitions == nil {
            linkDefinitions = LinkDefinitions(definitionLines(), flags: flags, budget: 4 << 20 + 16 * rootSource.bytes.count)
        }
        if let text = linkDefinitions?.text(for: lines) { return text }
        if !warnedOfDefinitions, let first = lines.first {
            warnedOfDefinitions = true
            warnings.append(MarkdownWarning(
                message: "this page's footnotes and tables name its link reference definitions so often that, from here on, links in them that use a definition stay text; use fewer definitions or inline links",
                line: first.line, byteColumn: first.offset + 1))
        }
        return []
    }

    /// The body's link reference definitions as source lines: every line no block covers, and
    /// each paragraph that starts with `[` (cmark takes definitions from a paragraph's start),
    /// blank-line separated.
    private func definitionLines() -> [UInt8] {
        var covered = Set<Int>()
        for node in CMarkNode.descendants(of: root) {
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING || type == CMARK_NODE_CODE_BLOCK
                || type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_THEMATIC_BREAK
            else { continue }
            let first = Int(cmark_node_get_start_line(node))
            let last = max(Int(cmark_node_get_end_line(node)), first)
            guard first >= 1 else { continue }
            let line = rootSource.line(first)
            let column = Int(cmark_node_get_start_column(node))
            let startsWithBracket = column >= 1 && column <= line.count && line[line.startIndex + column - 1] == UInt8(ascii: "[")
            // A setext heading's text may start with definitions too (`[a]: /u`, `Title`, `===`).
            if (type != CMARK_NODE_PARAGRAPH && type != CMARK_NODE_HEADING) || !startsWithBracket {
                for number in first...last { covered.insert(number) }
            }
        }
        var text: [UInt8] = []
        var previous = -1
        for number in 1..<(rootSource.lineRanges.count + 1) where !covered.contains(number) {
            let line = rootSource.line(number).trimmingWhitespace
            if line.isEmpty || line.contains(Footnotes.marker) { continue }
            if number != previous + 1 { text.append(0x0A) }
            text += line
            text.append(0x0A)
            previous = number
        }
        return text
    }
}

/// What the extensions know of one node that cmark does not keep.
private struct NodeFacts {
    var rawText: RawText?
    var inlinePosition: (line: Int, column: Int)?
    var table: TableLayout?
    var isAutolink = false
}

/// A table's columns and how many rows follow its header; its cells are the paragraphs under its block.
struct TableLayout {
    var alignments: [TableRow.Alignment]
    var bodyRows: Int
}
