import CCMark

/// One source line of a leaf block, with the markers of the blocks around it (`>`, a list item's
/// indentation) taken off.
struct BlockLine {
    var number: Int
    /// Byte offset of `content` within its source line.
    var offset: Int
    /// The line after its containers' markers, leading whitespace kept.
    var content: ArraySlice<UInt8>
    /// Columns of whitespace that `content` starts with, tabs to the next multiple of 4.
    var indent: Int
    /// Where in the chain of containers the line stopped matching: a lazy continuation line.
    var lazyDepth: Int?
    /// The column of the line `content` starts at, from 0: where a tab in it stops.
    var column = 0

    var trimmed: ArraySlice<UInt8> { content.trimmingWhitespace }

    /// Whether the line underlines a setext heading: `=`s or `-`s and blanks after them, indented
    /// by 3 at most, in its containers (a lazy line underlines nothing).
    var isSetextUnderline: Bool {
        let text = trimmed
        guard lazyDepth == nil, indent < 4, let first = text.first, first == UInt8(ascii: "=") || first == UInt8(ascii: "-") else { return false }
        return text.allSatisfy { $0 == first }
    }
}

/// The block quotes and list items around a block, outermost first, and how each line of the
/// block sits in them: cmark keeps no prefix positions, so they are read again from the source.
struct BlockContainers {
    let chain: [OpaquePointer]
    let source: SourceText
    /// The columns each list item's content is indented by (0 for a quote), found once each, outermost
    /// first: found for every line again, they took time doubling with each level of nesting.
    private var contentIndents: [Int] = []

    init(around block: OpaquePointer, source: SourceText) {
        var chain: [OpaquePointer] = []
        var current = cmark_node_parent(block)
        while let node = current {
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_BLOCK_QUOTE || type == CMARK_NODE_ITEM { chain.append(node) }
            current = cmark_node_parent(node)
        }
        self.chain = chain.reversed()
        self.source = source
        // Each level's from the lines of the levels outside it, already found.
        for level in self.chain.indices {
            contentIndents.append(cmark_node_get_type(self.chain[level]) == CMARK_NODE_ITEM ? contentIndent(of: level) : 0)
        }
    }

    /// The lines `first...last` of a block whose content starts at byte column `startColumn` of `first`.
    func lines(_ first: Int, _ last: Int, startColumn: Int) -> [BlockLine] {
        guard first >= 1, last >= first else { return [] }
        var result: [BlockLine] = []
        let firstLine = source.line(first)
        let start = min(firstLine.startIndex + max(startColumn - 1, 0), firstLine.endIndex)
        result.append(BlockLine(number: first, offset: start - firstLine.startIndex, content: firstLine[start...], indent: 0, lazyDepth: nil))
        if last > first {
            for number in (first + 1)...last { result.append(line(number)) }
        }
        return result
    }

    /// The lines of `block`, a paragraph or a heading; a setext heading's through its underline
    /// (cmark ends one where the line after the underline ends), nil where it has none.
    func lines(of block: OpaquePointer) -> [BlockLine]? {
        let lines = lines(
            Int(cmark_node_get_start_line(block)), Int(cmark_node_get_end_line(block)), startColumn: Int(cmark_node_get_start_column(block)))
        guard cmark_node_get_type(block) == CMARK_NODE_HEADING else { return lines }
        guard let underline = lines.dropFirst().firstIndex(where: \.isSetextUnderline) else { return nil }
        return Array(lines[...underline])
    }

    /// Line `number` with the markers of the first `depth` containers (all of them when nil) taken off.
    func line(_ number: Int, depth: Int? = nil) -> BlockLine {
        let bytes = source.line(number)
        var index = bytes.startIndex
        var column = 0
        var lazyDepth: Int?
        for (level, container) in chain.prefix(depth ?? chain.count).enumerated() {
            if cmark_node_get_type(container) == CMARK_NODE_BLOCK_QUOTE {
                var probe = index
                var probeColumn = column
                while probe < bytes.endIndex, bytes[probe] == 0x20, probeColumn - column < 3 {
                    probe += 1
                    probeColumn += 1
                }
                guard probe < bytes.endIndex, bytes[probe] == UInt8(ascii: ">") else {
                    lazyDepth = level
                    break
                }
                index = probe + 1
                column = probeColumn + 1
                if index < bytes.endIndex, bytes[index] == 0x20 || bytes[index] == 0x09 {
                    column = bytes[index] == 0x09 ? (column / 4 + 1) * 4 : column + 1
                    index += 1
                }
            } else if Int(cmark_node_get_start_line(container)) == number {
                if let child = cmark_node_first_child(container), Int(cmark_node_get_start_line(child)) == number {
                    let target = min(bytes.startIndex + Int(cmark_node_get_start_column(child)) - 1, bytes.endIndex)
                    while index < target {
                        column = bytes[index] == 0x09 ? (column / 4 + 1) * 4 : column + 1
                        index += 1
                    }
                } else {
                    index = bytes.endIndex
                }
            } else {
                let width = contentIndents[level]
                let rest = bytes[index...]
                if rest.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    index = bytes.endIndex
                    continue
                }
                let target = column + width
                var probe = index
                var probeColumn = column
                while probe < bytes.endIndex, probeColumn < target, bytes[probe] == 0x20 || bytes[probe] == 0x09 {
                    probeColumn = bytes[probe] == 0x09 ? (probeColumn / 4 + 1) * 4 : probeColumn + 1
                    probe += 1
                }
                guard probeColumn >= target else {
                    lazyDepth = level
                    break
                }
                index = probe
                column = probeColumn
            }
        }
        var indent = 0
        var probeColumn = column
        var probe = index
        while probe < bytes.endIndex, bytes[probe] == 0x20 || bytes[probe] == 0x09 {
            probeColumn = bytes[probe] == 0x09 ? (probeColumn / 4 + 1) * 4 : probeColumn + 1
            probe += 1
        }
        indent = probeColumn - column
        return BlockLine(
            number: number, offset: index - bytes.startIndex, content: bytes[index...], indent: indent, lazyDepth: lazyDepth, column: column)
    }

    /// The columns a list item's content is indented by, relative to the container it is in.
    private func contentIndent(of level: Int) -> Int {
        let item = chain[level]
        guard let child = cmark_node_first_child(item) else { return 2 }
        let number = Int(cmark_node_get_start_line(child))
        let outer = line(number, depth: level)
        let bytes = source.line(number)
        var column = 0
        var index = bytes.startIndex
        let target = min(bytes.startIndex + Int(cmark_node_get_start_column(child)) - 1, bytes.endIndex)
        var outerColumn = 0
        while index < target {
            if index == bytes.startIndex + outer.offset { outerColumn = column }
            column = bytes[index] == 0x09 ? (column / 4 + 1) * 4 : column + 1
            index += 1
        }
        if target == bytes.startIndex + outer.offset { outerColumn = column }
        return max(column - outerColumn, 1)
    }
}

extension ArraySlice where Element == UInt8 {
    /// Without the spaces, tabs and line ends at either end (cmark's whitespace).
    var trimmingWhitespace: ArraySlice<UInt8> {
        var slice = self
        while let first = slice.first, first.isCmarkSpace { slice = slice.dropFirst() }
        while let last = slice.last, last.isCmarkSpace { slice = slice.dropLast() }
        return slice
    }
}

extension UInt8 {
    var isCmarkSpace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0B || self == 0x0C || self == 0x0D }
}
